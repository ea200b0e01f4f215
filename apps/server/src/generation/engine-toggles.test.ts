import {
  TOGGLE_NAMES,
  type DesignToggles as EngineToggles,
  type ToggleName as EngineToggleName,
} from '@camo/camo-engine';
import { designToggleNames, type DesignToggleName, type DesignToggles } from '@camo/shared/generation';
import { describe, expect, expectTypeOf, it } from 'vitest';

/**
 * The engine imports nothing of ours, so it names the nine toggles itself, and the server hands it
 * the site's toggle object as it is (engine.worker.ts). A name added on one side only fails the
 * type-check here (npm run typecheck), in either direction.
 */
describe('the engine and the site name the same design toggles', () => {
  it('as types, both ways', () => {
    expectTypeOf<EngineToggleName>().toEqualTypeOf<DesignToggleName>();
    expectTypeOf<EngineToggles>().toEqualTypeOf<DesignToggles>();
  });

  it('as lists', () => {
    expect([...TOGGLE_NAMES].sort()).toEqual([...designToggleNames].sort());
  });
});
