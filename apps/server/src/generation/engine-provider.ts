import type { EditRefusalReason as EngineRefusalReason, EditSuggestion, Recipe } from '@camo/camo-engine';
import type { EditRefusalReason, EditSuggestionCode } from '@camo/shared/edit-refusal';
import { stateName } from '@camo/shared/states';
import type { Engine } from '../engine/engine.js';
import type { GenerateTask } from '../engine/engine.worker.js';
import type { TileCheck } from '../engine/flat-colours.js';
import type { DesignProvider } from './provider.js';

/** The built-in engine as a design provider, which also lends its threads to make an outside picture a tile. */
export type EngineProvider = DesignProvider & {
  flatTile(image: Uint8Array): Promise<{ png: Uint8Array; check: TileCheck }>;
};

/** Designs drawn, edited and rendered on the engine's threads (engine/engine.ts). */
export function createEngineProvider(
  engine: Pick<Engine, 'generate' | 'edit' | 'render' | 'flatTile' | 'close'>,
): EngineProvider {
  return {
    name: 'built-in engine',

    async generate(input, variant) {
      const task: GenerateTask = {
        rgb: input.photo.rgb,
        width: input.photo.width,
        height: input.photo.height,
        description: input.description,
        state: input.state,
        stateName: stateName(input.state) ?? input.state,
        county: input.county,
        toggles: input.toggles,
        variant,
        seed: input.seed,
      };
      const design = await engine.generate(task);
      return {
        png: design.png,
        // The recipe id is what an edit builds on: the engine's equivalent of a response id.
        responseId: design.recipe.id,
        designId: design.designId,
        promptId: design.promptId,
        prompt: design.prompt,
        markdownAnalysis: design.markdownAnalysis,
        recipe: design.recipe,
        note: null,
      };
    },

    async edit(design, request) {
      // The engine's refusal codes are the site's (the check below keeps the two lists equal).
      const outcome = await engine.edit({ recipe: design.recipe as Recipe, text: request });
      return outcome.ok ? { ...outcome, note: null } : outcome;
    },

    async render(recipe, size) {
      if (!recipe) return null;
      return await engine.render({ recipe: recipe as Recipe, size });
    },

    flatTile: (image) => engine.flatTile({ image }),

    close: () => engine.close(),
  };
}

/**
 * The engine's edit refusal codes and the site's wording of them (@camo/shared/edit-refusal) name
 * the same codes: a code added to one and not the other stops the type-check here.
 */
type SameCodes<A, B> = [Exclude<A, B>, Exclude<B, A>] extends [never, never] ? true : false;
const _sameSuggestions: SameCodes<EditSuggestion, EditSuggestionCode> = true;
const _sameReasons: SameCodes<EngineRefusalReason, Exclude<EditRefusalReason, 'unavailable'>> = true;
void _sameSuggestions;
void _sameReasons;
