/**
 * Runs in a piscina worker thread: the engine is synchronous and CPU-bound, so it never runs on
 * the server's event loop. Each export is one task; Results are structured-cloned
 * back (a design PNG is a few hundred KB).
 */
import {
  edit,
  EditNotUnderstoodError,
  generateVariant,
  blobDistances,
  indexRgb,
  measureDesign,
  observerView,
  photoStats,
  measureAt,
  synthesiseScene,
  predictConcealmentTable,
  preparePhoto,
  silhouettes,
  viewGeometry,
  type ConcealmentMeasures,
  render,
  type EditRefusalReason,
  type EditSuggestion,
  type Recipe,
} from '@camo/camo-engine';
import type { DesignToggles } from '@camo/shared/generation';
import sharp from 'sharp';
import { observers, type Observer } from '@camo/shared/concealment';
import type { SizeClass } from '@camo/shared/shapes';
import { lights, type Light } from '@camo/shared/vocabulary';
import type {
  EngineMeasures,
  SceneRecord,
  StoredEye,
  StoredShapeFigure,
  StoredShapes,
} from '../platform/db/types.js';
import { composeTarget, meanColour, sideBySide } from './compositor.js';
import { photoRaster, type RgbPhoto } from './photo-raster.js';
import { silhouetteById } from './silhouettes.js';
import { lowerThreadPriority } from './thread-priority.js';
import { checkTile, toFlatTile, type TileCheck } from './flat-colours.js';
import { roundScene, type RoundScene, type RoundSceneTask } from './round-scene.js';
import { designPhoto, detailPhoto, shownPhoto, viewerJpeg } from './task-images.js';
import {
  groundDesignTask,
  groundFeaturesTask,
  groundProfileTask,
  groundScoresTask,
  groundViewTask,
} from './ground-tasks.js';
import { breedTask } from './breed-tasks.js';

// The engine's threads yield to the event loop: on a 2-core machine they may use both cores
// (engine-provider.ts) without the site's requests waiting behind a design being drawn.
lowerThreadPriority();

export interface GenerateTask {
  rgb: Uint8Array;
  width: number;
  height: number;
  description: string;
  /** Two-letter code: the engine knows each state's landscapes by it. */
  state: string;
  /** The state's name (@camo/shared/states), for the engine's texts: it keeps no list of names. */
  stateName: string;
  county: string;
  /** The site's toggles, passed as they are (engine-toggles.test.ts keeps the two lists equal). */
  toggles: DesignToggles;
  variant: 'A' | 'B';
  seed: number;
}

export interface EngineDesign {
  png: Uint8Array;
  recipe: Recipe;
  designId: string;
  promptId: string;
  prompt: string;
  markdownAnalysis: string;
}

export function generateTask(task: GenerateTask): EngineDesign {
  const design = generateVariant(
    {
      photo: { width: task.width, height: task.height, data: task.rgb },
      description: task.description,
      state: task.state,
      stateName: task.stateName,
      county: task.county,
      toggles: task.toggles,
      seed: task.seed,
    },
    task.variant,
  );
  return {
    png: design.png,
    recipe: design.recipe,
    designId: design.designId,
    promptId: design.promptId,
    prompt: design.prompt,
    markdownAnalysis: design.markdownAnalysis,
  };
}

export type EditOutcome =
  | { ok: true; png: Uint8Array; recipe: Recipe; summary: string }
  | { ok: false; reason: EditRefusalReason; suggestions: EditSuggestion[] };

export function editTask(task: { recipe: Recipe; text: string }): EditOutcome {
  try {
    const result = edit(task.recipe, task.text);
    return { ok: true, png: result.png, recipe: result.recipe, summary: result.summary };
  } catch (error) {
    // Not understood is an answer for the person, not a failure of the worker.
    if (error instanceof EditNotUnderstoodError)
      return { ok: false, reason: error.reason, suggestions: error.suggestions };
    throw error;
  }
}

export function renderTask(task: { recipe: Recipe; size: number }): Uint8Array {
  return render(task.recipe, task.size);
}

/** An outside service's picture made into a flat, seamless tile and checked (flat-colours.ts). */
export async function flatTileTask(task: {
  image: Uint8Array;
}): Promise<{ png: Uint8Array; check: TileCheck }> {
  const png = await toFlatTile(task.image);
  return { png, check: await checkTile(png) };
}

/** The engine's measures of a design image against its photo's ground (hunt insights). */
export async function measureTask(task: RgbPhoto & { png: Uint8Array }): Promise<EngineMeasures> {
  const stats = photoStats({ width: task.width, height: task.height, data: task.data });
  const { data, info } = await sharp(task.png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const m = measureDesign(indexRgb(new Uint8Array(data), info.width, info.height, 3), stats);
  return { coverage: m.clusterToDesignWeightedMean, shareTv: m.tvDistance, slopeGap: Math.abs(m.slopeDiff) };
}

/**
 * A design image's shapes and how far away each size class blends, for each eye in each light,
 * printed at `repeatCm` (decision 034). Every design is a tile of flat colours (the engine's, or an
 * outside service's made flat: flat-colours.ts), so its colours are its palette.
 */
export async function shapesTask(task: { png: Uint8Array; repeatCm: number }): Promise<StoredShapes> {
  const image = await designPhoto(task.png);
  const design = indexRgb(image.data, image.width, image.height, 3);
  const round = (v: number, step: number) => Math.round(v / step) * step;
  const figures = observers.flatMap((observer) =>
    lights.map((light): StoredShapeFigure => {
      const { classes } = blobDistances(design, task.repeatCm, observer, { light });
      const figure = (k: SizeClass) => ({
        widthCm: round(classes[k].widthCm, 0.1),
        blendM: Number.isFinite(classes[k].blendM) ? round(classes[k].blendM, 0.1) : null,
      });
      return {
        observer,
        light,
        classes: { small: figure('small'), middle: figure('middle'), large: figure('large') },
      };
    }),
  );
  return { repeatCm: task.repeatCm, figures };
}

/** Predicted concealment of a design image in its photo: every observer at every distance (decision 016). */
export async function predictTask(
  task: RgbPhoto & {
    png: Uint8Array;
    light?: Light;
    repeatCm?: number;
    /** The stored photo's bytes, decoded here as the detail copy (decision 037); without, the shown photo alone. */
    detail?: Uint8Array;
  },
): Promise<StoredEye[]> {
  const photo = preparePhoto(
    { width: task.width, height: task.height, data: task.data },
    task.detail ? await detailPhoto(task.detail) : undefined,
  );
  const light = task.light ?? 'daylight';
  const rows = predictConcealmentTable({
    photo,
    design: await designPhoto(task.png),
    repeatCm: task.repeatCm,
    light,
  });
  const ground = photo.depth.kind;
  const share = (v: number, of: number) => Math.round((v / of) * 10000) / 10000;
  return rows.map(({ observer, distanceM, result }): StoredEye =>
    result.inRange
      ? {
          observer,
          distanceM,
          light,
          measures: result.measures,
          samples: result.samples,
          places: result.places,
          ground,
          heldCpd: Math.round(result.heldCpd * 10) / 10,
          limitedByPhoto: result.limitedByPhoto,
          viewerAt: {
            x: share(result.viewerAt.x, task.width),
            y: share(result.viewerAt.y, task.height),
            height: share(result.viewerAt.size, task.height),
          },
        }
      : { observer, distanceM, light, measures: null, outOfRange: result.outOfRange, ground },
  );
}

/**
 * The design page's viewer (JPEG): the design's photo (its stored bytes) with the target as
 * `observer` resolves it at `distanceM`; null when the distance is out of range there.
 */
export async function viewTask(task: {
  photo: Uint8Array;
  png: Uint8Array;
  observer: Observer;
  distanceM: number;
  light?: Light;
  /** The design's printed repeat (decision 035); DEFAULT_REPEAT_CM unless told. */
  repeatCm?: number;
}): Promise<Uint8Array | null> {
  return viewerJpeg(
    observerView({
      photo: await shownPhoto(task.photo),
      design: await designPhoto(task.png),
      repeatCm: task.repeatCm,
      observer: task.observer,
      distanceM: task.distanceM,
      light: task.light,
    }),
  );
}

/**
 * The blend preview (JPEG): the design on a crouching hunter in its own photo (its stored bytes),
 * beside the same silhouette in the photo's mean colour.
 */
export async function blendPreviewTask(task: { photo: Uint8Array; png: Uint8Array }): Promise<Uint8Array> {
  const photo = await photoRaster(task.photo);
  const silhouette = silhouetteById('crouching-hunter');
  const size = Math.round(photo.height * 0.3);
  const placement = { x: photo.width * 0.5, y: photo.height - size * 0.55, size, rotation: 0 };
  const worn = await composeTarget(photo, { design: task.png }, silhouette, placement);
  const control = await composeTarget(photo, { colour: meanColour(photo) }, silhouette, placement);
  const jpeg = await sideBySide(worn, control);
  return new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.length);
}

/**
 * A person's measures of a played round's own picture (decision 028): a round with a synthesised
 * scene (decision 024) has it made again from its recipe and the photo, deterministically, and the
 * target measured where it stood, at its size and turn, at the pixels per degree of the photo's
 * field of view times the scene's scale (the camera's gains and noise, applied last in play, are
 * left out: they touch the target and its ground alike). An older round is measured where it stood
 * in the photo. Null when it cannot be measured.
 */
export async function roundMeasuresTask(
  task: RgbPhoto & {
    png: Uint8Array;
    /** The design's printed repeat (decision 035), as the round was composed at. */
    repeatCm?: number;
    round: {
      silhouette: string;
      size: number;
      x?: number;
      y?: number;
      rotation?: number;
      scene?: SceneRecord | null;
    };
  },
): Promise<ConcealmentMeasures | null> {
  const silhouette = silhouettes.find((s) => s.id === task.round.silhouette);
  // Under 8 px a target is out of the predictor's range (decision 016).
  if (!silhouette || task.round.size < 8) return null;
  const photo = { width: task.width, height: task.height, data: task.data };
  const design = await designPhoto(task.png);
  const { pxPerDeg } = viewGeometry(task.width, task.height, silhouette.heightM, 1);
  const scene = task.round.scene;
  if (scene?.recipe) {
    const made = synthesiseScene(photo, scene.recipe);
    const { x, y, size, rotation } = scene.target;
    return measureAt({
      photo: { width: made.width, height: made.height, data: made.data },
      design,
      repeatCm: task.repeatCm,
      observer: 'person',
      placement: { x, y, size, rotation },
      silhouette,
      pxPerDeg: pxPerDeg * scene.recipe.scale,
    });
  }
  const { x, y, rotation } = task.round;
  if (x === undefined || y === undefined) return null;
  return measureAt({
    photo,
    design,
    repeatCm: task.repeatCm,
    observer: 'person',
    placement: { x, y, size: task.round.size, rotation: rotation ?? 0 },
    silhouette,
    pxPerDeg,
  });
}

/** A hide-and-seek round's picture: a scene synthesised from the photo's ground, the target in it (decision 024). */
export async function huntRoundTask(task: RoundSceneTask): Promise<RoundScene> {
  return roundScene(task);
}

/** The engine's tasks by name: everything the main thread may ask of a thread (engine.ts#Engine). */
export const engineTasks = {
  generate: generateTask,
  edit: editTask,
  render: renderTask,
  flatTile: flatTileTask,
  measure: measureTask,
  blendPreview: blendPreviewTask,
  huntRound: huntRoundTask,
  predict: predictTask,
  shapes: shapesTask,
  view: viewTask,
  roundMeasures: roundMeasuresTask,
  groundFeatures: groundFeaturesTask,
  groundProfile: groundProfileTask,
  groundScores: groundScoresTask,
  groundView: groundViewTask,
  groundDesign: groundDesignTask,
  breed: breedTask,
};

export type EngineTaskName = keyof typeof engineTasks;

/** What the main thread sends a thread: a task by name and its input, or no task to ask which it knows. */
export type EngineCall = { task: EngineTaskName; input: unknown } | { task: null };

/**
 * The thread's one handler (piscina's default export): a task by name, or, with no name, the
 * names this thread knows, which the main thread checks against its own at start (engine.ts).
 */
export default function runEngineTask(call: EngineCall): unknown {
  if (call.task === null) return Object.keys(engineTasks);
  if (!Object.hasOwn(engineTasks, call.task)) throw new Error(`no engine task named ${String(call.task)}`);
  return (engineTasks[call.task] as (input: unknown) => unknown)(call.input);
}
