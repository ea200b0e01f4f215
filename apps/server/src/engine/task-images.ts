import sharp from 'sharp';
import { STORED_PHOTO_MAX_SIDE as DETAIL_MAX_SIDE } from './photo.js';
import { photoRaster } from './photo-raster.js';

/**
 * Images as the engine's tasks take and give them (engine.worker.ts, ground-tasks.ts), decoded and
 * encoded on the task's own thread (decision 025).
 */

/** A design image decoded to RGB for the predictor. */
export async function designPhoto(png: Uint8Array) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
  };
}

/**
 * A stored photo (its encoded bytes) as the pages show it (oriented, at most 1280 px, RGB),
 * decoded on this thread: a request's sharp work runs inside its engine task (decision 025).
 */
export async function shownPhoto(bytes: Uint8Array) {
  const raster = await photoRaster(bytes);
  return {
    width: raster.width,
    height: raster.height,
    data: new Uint8Array(raster.data.buffer, raster.data.byteOffset, raster.data.length),
  };
}

/**
 * A stored photo at the size it was stored (at most 2048 px, photo.ts), oriented, RGB: the
 * predictor's detail copy (decision 037), where an eye resolves more than the 1280 px one holds.
 */
export const detailPhoto = (bytes: Uint8Array) => rasterOf(bytes, DETAIL_MAX_SIDE);

/** Encoded image bytes decoded to sRGB, oriented, without alpha; at most `max` px on the longer side if given. */
export async function rasterOf(bytes: Uint8Array, max?: number) {
  let image = sharp(bytes).rotate();
  if (max) image = image.resize({ width: max, height: max, fit: 'inside', withoutEnlargement: true });
  const { data, info } = await image
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
  };
}

/** A viewer's picture as the JPEG the pages show (no metadata); null stays null (out of range). */
export async function viewerJpeg(seen: { data: Uint8Array; width: number; height: number } | null) {
  if (!seen) return null;
  const jpeg = await sharp(seen.data, { raw: { width: seen.width, height: seen.height, channels: 3 } })
    .jpeg({ quality: 82 })
    .toBuffer();
  return new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.length);
}
