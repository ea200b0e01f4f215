/**
 * A round's picture (decision 024), made on an engine thread: a scene synthesised anew from the
 * photo's ground at the shape of the player's screen, the target placed in it at a size they can
 * find there, composed by the one compositor, shot by the scene's own camera, and the record of
 * how it was all made.
 */
import {
  composeTarget,
  mulberry32,
  prepareDesign,
  sceneOf,
  sceneRecipe,
  silhouettes,
  synthesiseScene,
  type Placement,
} from '@camo/camo-engine';
import {
  HUNT_ASPECT_MAX,
  HUNT_ASPECT_MIN,
  HUNT_MIN_TARGET_CSS_PX,
  HUNT_PICTURE_MAX,
  HUNT_PICTURE_MIN,
} from '@camo/shared/hunt';
import sharp from 'sharp';
import type { RoundViewport, SceneRecord } from '../platform/db/types.js';
import { rasterOf } from './task-images.js';

export type { RoundViewport };

/** A page that did not say: a landscape room of a laptop's page. */
export const DEFAULT_VIEWPORT: RoundViewport = { width: 960, height: 600, pixelRatio: 1 };

export interface RoundSceneTask {
  /** The photo's bytes (its page-size rendition) and the design's image bytes. */
  photo: Uint8Array;
  design: Uint8Array;
  /** The design's printed repeat in cm (decision 035): the target wears it at that size. */
  repeatCm?: number;
  viewport: RoundViewport;
  /** Everything random in the round follows from it. */
  seed: number;
}

export interface RoundScene {
  jpeg: Uint8Array;
  width: number;
  height: number;
  silhouette: string;
  placement: Placement;
  record: SceneRecord;
}

/**
 * The picture's size: the room's shape (within the bounds), its longer side at the screen's pixels
 * (within 480-1280), and never more than 15% over the photo's own longer side (`photoLong`), so a
 * small photo's ground is not blown up.
 */
export function pictureSize(
  viewport: RoundViewport,
  photoLong: number,
): { width: number; height: number; cssPerPixel: number } {
  const aspect = Math.min(HUNT_ASPECT_MAX, Math.max(HUNT_ASPECT_MIN, viewport.width / viewport.height));
  const screen = Math.max(viewport.width, viewport.height) * Math.min(2, viewport.pixelRatio);
  const long = Math.round(Math.min(HUNT_PICTURE_MAX, photoLong * 1.15, Math.max(HUNT_PICTURE_MIN, screen)));
  const width = aspect >= 1 ? long : Math.round(long * aspect);
  const height = aspect >= 1 ? Math.round(long / aspect) : long;
  return { width, height, cssPerPixel: Math.min(viewport.width / width, viewport.height / height) };
}

/** The target's height, a share of the photo's height at the scene's scale, before the floors. */
export const NATURAL_SHARE = { least: 0.08, most: 0.26 };

/**
 * Where the target goes in a scene of `width` x `height`: its height 8-26% of the photo's height at
 * the scene's scale, spread evenly in log size (as targets stood in the photos themselves, and as
 * small as a person 25 m off in a phone's view, so that the calibration learns the size's weight
 * from the game: decision 029), never under HUNT_MIN_TARGET_CSS_PX
 * on the player's screen nor over 45% of the picture's height; turned up to 12 degrees; anywhere it
 * fits whole below the top quarter (the far edge of the ground, where a horizon may show).
 */
export function placeTarget(
  width: number,
  height: number,
  photoHeight: number,
  scale: number,
  cssPerPixel: number,
  random: () => number,
): Placement {
  const natural =
    photoHeight * scale * NATURAL_SHARE.least * (NATURAL_SHARE.most / NATURAL_SHARE.least) ** random();
  // 10% over the least, for the page's estimate of its room (fonts, notices) being a little generous.
  const least = (1.1 * HUNT_MIN_TARGET_CSS_PX) / cssPerPixel;
  const size = Math.round(Math.min(0.45 * height, Math.max(natural, least)));
  const half = size * 0.6; // the box's half-diagonal at 12 degrees stays under 0.6 of its side
  const x = half + random() * Math.max(1, width - 2 * half);
  const top = Math.max(half, height / 4 + half);
  const y = top + random() * Math.max(1, height - half - top);
  return { x, y, size, rotation: (random() * 2 - 1) * 12 };
}

/** The round's picture and its record (an engine task: CPU-bound, run off the event loop). */
export async function roundScene(task: RoundSceneTask): Promise<RoundScene> {
  const random = mulberry32(task.seed);
  const photo = await rasterOf(task.photo, HUNT_PICTURE_MAX);
  const photoLong = Math.max(photo.width, photo.height);
  const { width, height, cssPerPixel } = pictureSize(task.viewport, photoLong);
  // The scene's long side covers about the photo's long side of ground, give or take 15%, and the
  // ground is never enlarged more than 15%.
  const scale = Math.min(1.15, (Math.max(width, height) / photoLong) * (0.85 + random() * 0.3));
  const recipe = sceneRecipe(Math.floor(random() * 2 ** 32), width, height, scale);
  const scene = synthesiseScene(photo, recipe);
  const silhouette = silhouettes[Math.floor(random() * silhouettes.length)]!;
  const placement = placeTarget(width, height, photo.height, scale, cssPerPixel, random);
  const composed = composeTarget(
    sceneOf(scene),
    { design: prepareDesign(await rasterOf(task.design), task.repeatCm) },
    silhouette,
    placement,
  );
  const shot = scene.camera(composed.data);
  const jpeg = await sharp(shot, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
  const from = scene.sourceOf(placement.x, placement.y);
  return {
    jpeg: new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.length),
    width,
    height,
    silhouette: silhouette.id,
    placement,
    record: {
      recipe,
      photo: { width: photo.width, height: photo.height },
      viewport: task.viewport,
      cssPerPixel,
      target: { silhouette: silhouette.id, ...placement },
      source: from && {
        x: from.x,
        y: from.y,
        size: placement.size / from.scale,
        rotation: (from.mirrored ? -1 : 1) * (placement.rotation - from.angle),
        mirrored: from.mirrored,
      },
    },
  };
}
