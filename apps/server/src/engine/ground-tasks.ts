import {
  designFeatures,
  featureTile,
  groundMeasures,
  groundProfile,
  groundView,
  prepareGround,
  type ConcealmentMeasures,
  type DesignFeatures,
  type GroundProfile,
  type PreparedGround,
} from '@camo/camo-engine';
import type { Observer } from '@camo/shared/concealment';
import type { Light } from '@camo/shared/vocabulary';
import sharp from 'sharp';
import type { RgbPhoto } from './photo-raster.js';
import { designPhoto, shownPhoto, viewerJpeg } from './task-images.js';

/**
 * The engine's tasks for "designs for my ground" (issue 28) and versatility: run on the engine's
 * threads like engine.worker.ts's, which lists them.
 */

/** A ground photo (issue 28) as the ground tasks take it: raw RGB with its id, so a thread prepares it once. */
export type GroundPhotoTask = RgbPhoto & { photoId: string };

/** The last ground photos prepared on this thread (scene and sky): the tasks of one ranking share one. */
const preparedGrounds = new Map<string, PreparedGround>();
const PREPARED_GROUNDS_KEPT = 2;

function groundOf(task: GroundPhotoTask): PreparedGround {
  const known = preparedGrounds.get(task.photoId);
  if (known) return known;
  const ground = prepareGround({ width: task.width, height: task.height, data: task.data });
  if (preparedGrounds.size >= PREPARED_GROUNDS_KEPT)
    preparedGrounds.delete(preparedGrounds.keys().next().value!);
  preparedGrounds.set(task.photoId, ground);
  return ground;
}

/** A design image's features for the first pass, and its small tile (PNG) for the second. */
export async function groundFeaturesTask(task: {
  png: Uint8Array;
  /** The design's printed repeat (decision 035). */
  repeatCm?: number;
}): Promise<{ features: DesignFeatures; tile: Uint8Array }> {
  const tile = featureTile(await designPhoto(task.png));
  const png = await sharp(tile.data, { raw: { width: tile.width, height: tile.height, channels: 3 } })
    .png()
    .toBuffer();
  return { features: designFeatures(tile, task.repeatCm), tile: new Uint8Array(png) };
}

/** A ground photo's profile for the first pass at one eye; null when the distance is out of range. */
export function groundProfileTask(
  task: GroundPhotoTask & { observer: Observer; distanceM: number; light?: Light },
): GroundProfile | null {
  return groundProfile(groundOf(task), task.observer, task.distanceM, task.light);
}

/** A design's feature tile (PNG) and its printed repeat in cm (decision 035). */
export interface GroundTile {
  png: Uint8Array;
  repeatCm: number;
}

/** The second pass: each design (its tile, PNG, at its repeat) scored in full in the ground photo at one eye. */
export async function groundScoresTask(
  task: GroundPhotoTask & { observer: Observer; distanceM: number; light?: Light; tiles: GroundTile[] },
): Promise<(ConcealmentMeasures | null)[]> {
  const ground = groundOf(task);
  const out: (ConcealmentMeasures | null)[] = [];
  for (const tile of task.tiles)
    out.push(
      groundMeasures(ground, await designPhoto(tile.png), task.observer, task.distanceM, {
        repeatCm: tile.repeatCm,
        light: task.light,
      }),
    );
  return out;
}

/** A ground photo by its stored bytes (WebP): decoded on this thread, unless prepared here already. */
export interface GroundBytesTask {
  photoId: string;
  photo: Uint8Array;
}

async function groundOfBytes(task: GroundBytesTask): Promise<PreparedGround> {
  const known = preparedGrounds.get(task.photoId);
  if (known) return known;
  const raster = await shownPhoto(task.photo);
  return groundOf({ photoId: task.photoId, ...raster });
}

/** The viewer in a ground photo (JPEG): the design (its full image) on a target there, as the eye resolves it. */
export async function groundViewTask(
  task: GroundBytesTask & {
    png: Uint8Array;
    observer: Observer;
    distanceM: number;
    repeatCm?: number;
    light?: Light;
  },
): Promise<Uint8Array | null> {
  return viewerJpeg(
    groundView(await groundOfBytes(task), await designPhoto(task.png), task.observer, task.distanceM, {
      repeatCm: task.repeatCm,
      light: task.light,
    }),
  );
}

/**
 * One design in a ground photo at each of `eyes`, scored in full from its feature tile: the kept
 * one (PNG), or made here from the design's image when it has none yet (a draft).
 */
export async function groundDesignTask(
  task: GroundBytesTask & {
    design: { tile: Uint8Array } | { image: Uint8Array };
    /** The design's printed repeat (decision 035). */
    repeatCm?: number;
    /** The light every eye sees it in (decision 034). */
    light?: Light;
    eyes: { observer: Observer; distanceM: number }[];
  },
): Promise<(ConcealmentMeasures | null)[]> {
  const ground = await groundOfBytes(task);
  const tile =
    'tile' in task.design
      ? await designPhoto(task.design.tile)
      : featureTile(await designPhoto(task.design.image));
  return task.eyes.map((eye) =>
    groundMeasures(ground, tile, eye.observer, eye.distanceM, { repeatCm: task.repeatCm, light: task.light }),
  );
}
