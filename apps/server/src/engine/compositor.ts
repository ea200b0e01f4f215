import { composeTarget as composeInScene, prepareDesign, sceneOf, type Scene } from '@camo/camo-engine';
import sharp from 'sharp';
import type { Placement, Silhouette } from './silhouettes.js';
import type { PhotoRaster } from './photo-raster.js';

export { meanColour } from '@camo/camo-engine';

/** The fill a target wears: the design (PNG or other image bytes) tiled at true scale, or one flat colour (the control). */
export type TargetFill = { design: Uint8Array } | { colour: [number, number, number] };

export interface Composite {
  /** JPEG, no metadata. */
  image: Buffer;
  width: number;
  height: number;
  /** The target's coverage per pixel (0-255). */
  mask: Uint8Array;
}

/** The scene (pixels and light) of a photo, computed once for the photo's composites. */
const scenes = new WeakMap<PhotoRaster, Scene>();
function sceneFor(photo: PhotoRaster): Scene {
  let scene = scenes.get(photo);
  if (!scene) {
    scene = sceneOf(photo);
    scenes.set(photo, scene);
  }
  return scene;
}

async function designTile(bytes: Uint8Array) {
  const { data, info } = await sharp(bytes)
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return prepareDesign({ width: info.width, height: info.height, data });
}

/**
 * A photo with a silhouette wearing `fill` placed in it: the engine's compositor (the one the
 * concealment predictor measures), with sharp only to decode the design and encode the JPEG.
 */
export async function composeTarget(
  photo: PhotoRaster,
  fill: TargetFill,
  silhouette: Silhouette,
  placement: Placement,
): Promise<Composite> {
  const { width, height } = photo;
  const engineFill = 'colour' in fill ? { colour: fill.colour } : { design: await designTile(fill.design) };
  const composed = composeInScene(sceneFor(photo), engineFill, silhouette, placement);
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = Math.round(composed.mask[i]! * 255);
  const image = await sharp(composed.data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
  return { image, width, height, mask };
}

/** Two composites side by side: the design on the left, the flat control on the right. */
export async function sideBySide(left: Composite, right: Composite): Promise<Buffer> {
  const gap = 8;
  return sharp({
    create: { width: left.width * 2 + gap, height: left.height, channels: 3, background: '#1d1f17' },
  })
    .composite([
      { input: left.image, left: 0, top: 0 },
      { input: right.image, left: left.width + gap, top: 0 },
    ])
    .jpeg({ quality: 82 })
    .toBuffer();
}
