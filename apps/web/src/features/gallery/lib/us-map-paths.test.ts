import { usStates } from '@camo/shared/states';
import { describe, expect, it } from 'vitest';
import { deriveUsMap, loadTopology, VIEW_HEIGHT, VIEW_WIDTH } from '../../../../scripts/build-us-map.mjs';
import { stateCallouts, statePaths, usMapViewBox } from './us-map-paths';

describe('us-map-paths', () => {
  it('is exactly what the script derives from us-atlas (run scripts/build-us-map.mjs after an upgrade)', async () => {
    const derived = deriveUsMap(await loadTopology());
    expect(statePaths).toEqual(derived.paths);
    expect(stateCallouts).toEqual(derived.callouts);
    expect(usMapViewBox).toEqual({ width: VIEW_WIDTH, height: VIEW_HEIGHT });
  });

  it('has one path for each of the 50 states, inside the view box', () => {
    expect(Object.keys(statePaths).sort()).toEqual(usStates.map((s) => s.code).sort());
    for (const d of Object.values(statePaths)) {
      for (const [, x, y] of d.matchAll(/M(\d+) (\d+)/g)) {
        expect(Number(x)).toBeLessThanOrEqual(usMapViewBox.width);
        expect(Number(y)).toBeLessThanOrEqual(usMapViewBox.height);
      }
    }
  });
});
