import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { EditRefusalReason as EngineRefusalReason, EditSuggestion, Recipe } from '@camo/camo-engine';
import type { EditRefusalReason, EditSuggestionCode } from '@camo/shared/edit-refusal';
import { stateName } from '@camo/shared/states';
import { Piscina } from 'piscina';
import type * as EngineWorker from './engine.worker.js';
import type { GenerateTask } from './engine.worker.js';
import type { TileCheck } from './flat-colours.js';
import type { RoundScene, RoundSceneTask } from '../hunt/round-scene.js';
import type { EngineMeasures } from '../platform/db/types.js';
import type { DesignProvider, ProviderInput } from './provider.js';
import type { ConcealmentEngine } from '../concealment/concealment.service.js';
import type { GroundEngine, GroundRaster } from '../ground/ground.service.js';

// From the sources, a plain module loads the TypeScript task file through tsx; in the start-up
// bundle (scripts/build-cache.mjs) the task file is an entry of its own beside this chunk.
const WORKER = fileURLToPath(
  import.meta.url.endsWith('.ts')
    ? new URL('./engine-worker-entry.mjs', import.meta.url)
    : new URL('./engine-worker.js', import.meta.url),
);

/**
 * The built-in camouflage engine behind the provider interface, in piscina worker threads so the
 * event loop stays free. Worker threads load the TypeScript
 * task file through tsx (engine-worker-entry.mjs), as the server itself runs.
 */
/** The engine provider, which also lends its threads to make an outside picture a tile. */
export type EngineProvider = DesignProvider & {
  flatTile(image: Uint8Array): Promise<{ png: Uint8Array; check: TileCheck }>;
  /** The engine's G2-G4 measures of a design image against the photo it was made for. */
  measure(photo: ProviderInput['photo'], png: Uint8Array): Promise<EngineMeasures>;
  /** The blend preview (JPEG) from the photo's and the design's stored bytes (hunt/design-measures.service.ts). */
  blendPreview(photo: Uint8Array, png: Uint8Array): Promise<Uint8Array>;
  /** A hide-and-seek round's picture and its record (hunt/round-scene.ts), on the engine's threads. */
  huntRound(task: RoundSceneTask): Promise<RoundScene>;
  /** Predicted concealment, on the engine's threads (concealment/concealment.service.ts). */
  concealment: ConcealmentEngine;
  /** Designs in people's own photos, on the engine's threads (ground/ground.service.ts). */
  ground: GroundEngine;
};

/** A ground photo as the ground tasks take it (engine.worker.ts#GroundPhotoTask). */
const groundTask = (photo: GroundRaster) => ({
  photoId: photo.photoId,
  rgb: photo.data,
  width: photo.width,
  height: photo.height,
});

/** The engine's tasks: each export of engine.worker.ts named ...Task (piscina finds it by name). */
type EngineTasks = typeof EngineWorker;
type TaskName = Extract<keyof EngineTasks, `${string}Task`>;
type TaskInput<K extends TaskName> = Parameters<EngineTasks[K]>[0];
type TaskOutput<K extends TaskName> = Awaited<ReturnType<EngineTasks[K]>>;

/**
 * The engine's threads unless told: one a core, at most four. They run below the event loop's
 * priority (thread-priority.ts, Linux), so the event loop (and PGlite, which runs on it) is served
 * first: on a 2-core machine designs A and B are drawn at once, where they took turns on the one
 * thread left beside the event loop. Elsewhere the threads cannot be lowered alone, and one core
 * stays with the event loop as before.
 */
export const defaultEngineThreads = (platform = process.platform): number =>
  Math.max(1, Math.min(4, availableParallelism() - (platform === 'linux' ? 0 : 1)));

export function createEngineProvider(options: { threads?: number } = {}): EngineProvider {
  const threads = options.threads ?? defaultEngineThreads();
  const pool = new Piscina({
    filename: WORKER,
    minThreads: 1,
    maxThreads: threads,
    idleTimeout: 60_000,
    // A 4096 px render holds 16 M palette indices plus buffers; generous, but bounded.
    resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 16 },
  });

  /** One task on the engine's threads, typed by the task's own signature in engine.worker.ts. */
  const run = <K extends TaskName>(name: K, input: TaskInput<K>): Promise<TaskOutput<K>> =>
    pool.run(input, { name }) as Promise<TaskOutput<K>>;

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
      const design = await run('generateTask', task);
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
      const outcome = await run('editTask', { recipe: design.recipe as Recipe, text: request });
      return outcome.ok ? { ...outcome, note: null } : outcome;
    },

    async render(recipe, size) {
      if (!recipe) return null;
      return await run('renderTask', { recipe: recipe as Recipe, size });
    },

    flatTile: (image) => run('flatTileTask', { image }),

    measure: (photo, png) => run('measureTask', { ...photo, png }),

    blendPreview: (photo, png) => run('blendPreviewTask', { photo, png }),
    huntRound: (task) => run('huntRoundTask', task),

    concealment: {
      predict: (photo, png) =>
        run('predictTask', { rgb: photo.data, width: photo.width, height: photo.height, png }),
      view: (photo, png, observer, distanceM) => run('viewTask', { photo, png, observer, distanceM }),
      measureRound: (photo, png, round) =>
        run('roundMeasuresTask', {
          rgb: photo.data,
          width: photo.width,
          height: photo.height,
          png,
          round,
        }),
    },

    ground: {
      features: (png) => run('groundFeaturesTask', { png }),
      profile: (photo, observer, distanceM) =>
        run('groundProfileTask', { ...groundTask(photo), observer, distanceM }),
      scores: (photo, observer, distanceM, tiles) =>
        run('groundScoresTask', { ...groundTask(photo), observer, distanceM, tiles }),
      view: (photo, png, observer, distanceM) =>
        run('groundViewTask', { photoId: photo.photoId, photo: photo.bytes, png, observer, distanceM }),
      inPhoto: (photo, design, eyes) =>
        run('groundDesignTask', { photoId: photo.photoId, photo: photo.bytes, design, eyes }),
    },

    close: () => pool.destroy(),
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
