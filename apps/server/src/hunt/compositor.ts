import sharp from 'sharp';
import { svgTransform, type Placement, type Silhouette } from './silhouettes.js';

/** The longer side of a round's image: sharp on a phone, light to send. */
export const ROUND_IMAGE_MAX = 1280;
/** The real width one repeat of a design's tile covers: camouflage repeats every 60-90 cm. */
const TILE_METRES = 0.75;
/** Softening of the target's edge, as a real object's outline is never a cut-out. */
const EDGE_SIGMA = 1.2;

export interface PhotoRaster {
  data: Buffer;
  width: number;
  height: number;
}

/** The photo as it will be shown: oriented, at most ROUND_IMAGE_MAX on its longer side, RGB. */
export async function photoRaster(photo: Uint8Array): Promise<PhotoRaster> {
  const { data, info } = await sharp(photo)
    .rotate()
    .resize({ width: ROUND_IMAGE_MAX, height: ROUND_IMAGE_MAX, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The target's coverage (0-255) at each pixel, with its softened edge. */
export async function targetMask(
  silhouette: Silhouette,
  placement: Placement,
  width: number,
  height: number,
): Promise<Uint8Array> {
  const points = silhouette.points.map(([x, y]) => `${x},${y}`).join(' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#000"/><polygon transform="${svgTransform(placement)}" points="${points}" fill="#fff"/></svg>`;
  const { data } = await sharp(Buffer.from(svg))
    .blur(EDGE_SIGMA)
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return new Uint8Array(data.buffer, data.byteOffset, width * height);
}

export function meanColour(photo: PhotoRaster): [number, number, number] {
  const sum = [0, 0, 0];
  const n = photo.width * photo.height;
  for (let i = 0; i < n; i++) {
    sum[0]! += photo.data[i * 3]!;
    sum[1]! += photo.data[i * 3 + 1]!;
    sum[2]! += photo.data[i * 3 + 2]!;
  }
  return [sum[0]! / n, sum[1]! / n, sum[2]! / n];
}

/** The fill a target wears: the design tiled at true scale, or one flat colour (the control). */
export type TargetFill = { design: Uint8Array } | { colour: [number, number, number] };

async function fillRaster(
  fill: TargetFill,
  silhouette: Silhouette,
  placement: Placement,
  w: number,
  h: number,
) {
  if ('colour' in fill) {
    const [r, g, b] = fill.colour.map((c) => Math.round(c)) as [number, number, number];
    return (await sharp({ create: { width: w, height: h, channels: 3, background: { r, g, b } } })
      .raw()
      .toBuffer()) as Buffer;
  }
  const pixelsPerMetre = placement.size / silhouette.heightM;
  const tile = Math.max(8, Math.round(pixelsPerMetre * TILE_METRES));
  const tileImage = await sharp(fill.design)
    .removeAlpha()
    .resize(tile, tile, { kernel: 'lanczos3' })
    .png()
    .toBuffer();
  return sharp({ create: { width: w, height: h, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .composite([{ input: tileImage, tile: true, left: 0, top: 0 }])
    .removeAlpha()
    .raw()
    .toBuffer();
}

/**
 * Lighting of the scene around each pixel relative to the photo's mean: a target in shade is
 * darker, one in sun lighter, as a real object would be (within limits, so a design stays itself).
 */
async function sceneLight(photo: PhotoRaster): Promise<Float32Array> {
  const { data } = await sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 3 } })
    .greyscale()
    .blur(Math.max(4, Math.round(Math.max(photo.width, photo.height) / 40)))
    .raw()
    .toBuffer({ resolveWithObject: true });
  let mean = 0;
  for (const v of data) mean += v;
  mean = mean / data.length || 1;
  const light = new Float32Array(data.length);
  for (let i = 0; i < data.length; i++) light[i] = Math.min(1.25, Math.max(0.7, Math.sqrt(data[i]! / mean)));
  return light;
}

export interface Composite {
  /** JPEG, no metadata. */
  image: Buffer;
  width: number;
  height: number;
  /** The target's coverage per pixel (0-255). */
  mask: Uint8Array;
}

/** A photo with a silhouette wearing `fill` placed in it. */
export async function composeTarget(
  photo: PhotoRaster,
  fill: TargetFill,
  silhouette: Silhouette,
  placement: Placement,
): Promise<Composite> {
  const { width, height } = photo;
  const [mask, fillPixels, light] = await Promise.all([
    targetMask(silhouette, placement, width, height),
    fillRaster(fill, silhouette, placement, width, height),
    sceneLight(photo),
  ]);
  const out = Buffer.from(photo.data);
  for (let i = 0; i < width * height; i++) {
    const a = mask[i]! / 255;
    if (a === 0) continue;
    const k = light[i]!;
    for (let c = 0; c < 3; c++) {
      const j = i * 3 + c;
      out[j] = Math.round(photo.data[j]! * (1 - a) + Math.min(255, fillPixels[j]! * k) * a);
    }
  }
  const image = await sharp(out, { raw: { width, height, channels: 3 } })
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
