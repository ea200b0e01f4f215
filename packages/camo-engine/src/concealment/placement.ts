/**
 * Where a target stands in a photo at a distance, and which parts of its pattern it shows there
 * (decision 028): the samples every figure is an average over.
 *
 * - **A photo with depth** (sky in it, or ground whose texture grows finer towards the top) is taken
 *   by a level camera 1.6 m above flat ground with the 65 degree field of view of decision 016:
 *   the horizon is the middle row (lower where the sky reaches below it), and a target's feet at
 *   distance d stand f * 1.6 / d pixels below it (f the pinhole focal length). A distance whose
 *   feet fall below the bottom edge is too near for the photo; one whose row holds fewer than
 *   three places on ground (not sky or water) is beyond the ground it shows.
 * - **A close-up of ground** (no sky, the same texture scale top and bottom: moss, leaf litter,
 *   gravel) is the ground a hunter lies in or stands on. Its scale is estimated, and said: the
 *   frame is taken as CLOSE_UP_WIDTH_M across (a phone held at chest height, pointing down). At a
 *   distance d the ground is that photo, shrunk to its size at d and repeated (mirrored) around the
 *   target, seen face on.
 *
 * At each distance there are PLACES places spread across the photo's ground and SAMPLES samples,
 * each one place and one tile phase (where the design's repeat starts), the phases stratified over
 * the repeat. Both follow from the photo alone (its size, sky and texture), never from an id or a
 * clock, so the same picture in the same photo always gets the same figure; `draw` jitters them
 * within their strata, a fresh random draw of the same stratified sample (the tests that check a
 * figure's repeatability).
 */
import { maskCellAt } from '../analysis/sky-mask.js';
import { findSky, type SkyMask } from '../analysis/sky.js';
import type { Photo } from '../types.js';
import {
  repeatOf,
  rgbOf,
  sceneOf,
  tileSidePx,
  type RgbRaster,
  type Scene,
  type TargetFill,
} from './compose.js';
import { viewGeometry } from './observers.js';
import type { Placement, Silhouette } from './silhouettes.js';

/** The camera's height over the ground: a standing person's eye, roughly. */
export const CAMERA_HEIGHT_M = 1.6;
/**
 * A close-up's estimated width: a phone (65 degrees across) held 1.2 m above the ground, pointing
 * down, sees 2 x 1.2 x tan(32.5 deg) = 1.53 m.
 */
export const CLOSE_UP_WIDTH_M = 1.5;
/**
 * Places per distance, and samples (place x tile phase) per distance: each place four times, with
 * four phases. With 18 (each place twice), a figure's standard error was above 2 points in most
 * photos; 36 bring it to about 1.5 (decision 028).
 */
export const PLACES = 9;
export const SAMPLES = 36;
/** A row with fewer places on ground than this is beyond what the photo shows of the ground. */
const MIN_PLACES = 3;
/**
 * Without sky, a photo has depth when its texture is much coarser near the bottom than in the
 * middle (log2 of the ratio of fine to coarse energy, middle over bottom, below this): the ground
 * recedes. On the engine's fixtures, photos of a view score -0.7 to -3.6 and close-ups -0.4 to
 * +1.4 (decision 028).
 */
const DEPTH_TEXTURE_RATIO = -0.5;
/** Sky over this share of the photo means a view with a horizon. */
const SKY_FOR_DEPTH = 0.02;

export type PhotoDepth =
  | { kind: 'view'; horizonY: number; textureRatio: number }
  | { kind: 'close-up'; widthM: number; textureRatio: number };

export type OutOfRange = 'too-near' | 'beyond-ground' | 'too-small' | 'too-large';

/** A photo prepared once for many predictions: its scene, sky, depth and the close-up's grounds. */
export interface PreparedPhoto {
  scene: Scene;
  sky: SkyMask;
  depth: PhotoDepth;
  /** A close-up's ground at each distance (made on first use). */
  closeUps: Map<number, Scene>;
  /**
   * The same photo with more pixels (decision 037): where an eye resolves more than the scene
   * holds, its target is measured here. `factor` is its pixels over the scene's.
   */
  detail?: { scene: Scene; factor: number; closeUps: Map<number, Scene> };
}

/**
 * A photo prepared for prediction, with `detail`, the same photo at a higher resolution (the
 * stored copy, up to 2048 px, where the photo is the 1280 px one the pages show), when it has the
 * same shape and more pixels.
 */
export function preparePhoto(photo: Photo, detail?: Photo): PreparedPhoto {
  const sky = findSky(photo);
  const prepared: PreparedPhoto = {
    scene: sceneOf(photo),
    sky,
    depth: depthOf(photo, sky),
    closeUps: new Map(),
  };
  const factor = detail ? detail.width / photo.width : 0;
  if (detail && factor > 1.05 && Math.abs(detail.height / photo.height - factor) < 0.02 * factor)
    prepared.detail = { scene: sceneOf(detail), factor, closeUps: new Map() };
  return prepared;
}

/**
 * One sample: where the target stands, and the phase of the design's tiling there (each in [0, 1)
 * of a repeat, across and down): the tiling starts `phase` of a repeat up and left of the place,
 * whatever the repeat's size (tileOriginOf).
 */
export interface Sample {
  place: Placement;
  phase: [number, number];
}

/** Where a sample's tiling starts (photo pixels), for a fill printed at its own repeat. */
export function tileOriginOf(sample: Sample, silhouette: Silhouette, fill: TargetFill): [number, number] {
  const t = tileSidePx(silhouette, sample.place, repeatOf(fill));
  return [sample.place.x - sample.phase[0] * t, sample.place.y - sample.phase[1] * t];
}

export interface Stand {
  /** The scene the targets stand in: the photo's, or a close-up's ground at this distance. */
  scene: Scene;
  /** The same at the photo's detail copy, `factor` times its pixels (places and sizes scale by it). */
  detail?: { scene: Scene; factor: number };
  samples: Sample[];
  /** The places, each once (the viewer shows the middle one). */
  places: Placement[];
  targetPx: number;
  pxPerDeg: number;
}

/** The golden ratio's fractional part: successive multiples of it spread evenly over [0, 1). */
const GOLDEN = 0.6180339887498949;

/**
 * The samples at one distance, or why there are none. `draw` (uniform in [0, 1)) gives fresh random
 * places and phases, each within its stratum, instead of the strata's middles.
 */
export function standAt(
  photo: PreparedPhoto,
  silhouette: Silhouette,
  distanceM: number,
  options: { samples?: number; draw?: () => number } = {},
): Stand | { outOfRange: OutOfRange } {
  const { width: w, height: h } = photo.scene;
  const g = viewGeometry(w, h, silhouette.heightM, distanceM);
  if (g.targetPx < 8) return { outOfRange: 'too-small' };
  if (g.targetPx > h / 2) return { outOfRange: 'too-large' };
  const n = options.samples ?? SAMPLES;
  const draw = options.draw;
  const size = g.targetPx;
  const half = size / 2;
  let scene = photo.scene;
  let places: Placement[];
  if (photo.depth.kind === 'close-up') {
    scene = closeUpGround(photo, distanceM, g.focalPx);
    // An even field: a 3 x 3 grid over the middle of it.
    places = Array.from({ length: PLACES }, (_, k) => {
      const u = ((k % 3) + (draw ? draw() : 0.5)) / 3;
      const v = (Math.floor(k / 3) + (draw ? draw() : 0.5)) / 3;
      return {
        x: half + u * Math.max(0, w - size),
        y: half + v * Math.max(0, h - size),
        size,
        rotation: 0,
      };
    });
  } else {
    const feet = photo.depth.horizonY + (g.focalPx * CAMERA_HEIGHT_M) / distanceM;
    if (feet > h) return { outOfRange: 'too-near' };
    const y = feet - half;
    const all = Array.from({ length: PLACES }, (_, k): Placement => {
      const u = (k + (draw ? draw() : 0.5)) / PLACES;
      return { x: half + u * Math.max(0, w - size), y, size, rotation: 0 };
    });
    places = all.filter((p) => onGround(photo.sky, w, h, p));
    if (places.length < MIN_PLACES) return { outOfRange: 'beyond-ground' };
  }
  const samples = Array.from({ length: n }, (_, i): Sample => {
    const place = places[i % places.length]!;
    // Stratified across the repeat: the i-th of n strata across, a golden-ratio step down.
    const px = (i + (draw ? draw() : 0.5)) / n;
    const py = ((i + 0.5) * GOLDEN + (draw ? draw() : 0)) % 1;
    return { place, phase: [px, py] };
  });
  const stand: Stand = { scene, samples, places, targetPx: size, pxPerDeg: g.pxPerDeg };
  const d = photo.detail;
  if (d) {
    const detailScene =
      photo.depth.kind === 'close-up'
        ? closeUpGround({ ...photo, scene: d.scene, closeUps: d.closeUps }, distanceM, g.focalPx * d.factor)
        : d.scene;
    stand.detail = { scene: detailScene, factor: d.factor };
  }
  return stand;
}

/** The place the viewer shows: the one nearest the middle of the photo's width. */
export function viewerPlace(stand: Stand): Placement {
  const mid = stand.scene.width / 2;
  return stand.places.reduce((best, p) => (Math.abs(p.x - mid) < Math.abs(best.x - mid) ? p : best));
}

/**
 * The target's feet stand on ground (not sky or water) and its body is not against sky: water may
 * lie behind it (a hunter on the shore), and sky only above its head.
 */
function onGround(sky: SkyMask, w: number, h: number, p: Placement): boolean {
  const half = p.size / 2;
  const cell = (x: number, y: number) =>
    sky.mask[maskCellAt(sky, w, h, Math.min(w - 1, Math.max(0, x)), Math.min(h - 1, Math.max(0, y)))] ?? 0;
  const feet = [p.x - half / 2, p.x, p.x + half / 2].every((x) => cell(x, p.y + half - 1) === 0);
  const body = [
    [p.x, p.y],
    [p.x - half / 2, p.y - half],
    [p.x + half / 2, p.y - half],
    [p.x, p.y - half],
  ].every(([x, y]) => cell(x!, y!) !== 1);
  return feet && body;
}

/**
 * A photo's depth: a view with a horizon, or a close-up of ground. With sky, a view: the horizon is
 * the middle row, or lower where the sky reaches below it (the camera tilted up). Without, a view
 * only when its texture grows much finer from the bottom to the middle (DEPTH_TEXTURE_RATIO).
 */
export function depthOf(photo: Photo, sky: SkyMask): PhotoDepth {
  const textureRatio = textureScaleRatio(photo);
  if (sky.skyShare < SKY_FOR_DEPTH && textureRatio >= DEPTH_TEXTURE_RATIO)
    return { kind: 'close-up', widthM: CLOSE_UP_WIDTH_M, textureRatio };
  return { kind: 'view', horizonY: Math.max(photo.height / 2, skyBottom(sky, photo.height)), textureRatio };
}

/** The row the sky reaches down to in most of the columns that have sky (0 without sky). */
function skyBottom(sky: SkyMask, photoH: number): number {
  const bottoms: number[] = [];
  for (let x = 0; x < sky.width; x++) {
    let y = 0;
    while (y < sky.height && sky.mask[y * sky.width + x] === 1) y++;
    if (y > 0) bottoms.push(y);
  }
  if (bottoms.length < sky.width / 4) return 0;
  bottoms.sort((a, b) => a - b);
  return (bottoms[Math.floor(bottoms.length / 2)]! * photoH) / sky.height;
}

/**
 * log2 of (fine over coarse L energy in the middle band, rows 33-55%) over the same in the bottom
 * band (75-100%), on a grey image 256 px on its long side: fine is the image less its Gaussian blur
 * at 1 px, coarse the blur at 2 px less the blur at 4 px. Ground receding from the camera shows
 * finer texture higher up, which makes the middle band's ratio lower (detail under a pixel
 * averages away) than the near ground's.
 */
export function textureScaleRatio(photo: Photo): number {
  const g = greyOf(photo, 256);
  const b1 = blurred(g, 1);
  const b2 = blurred(g, 2);
  const b4 = blurred(g, 4);
  const band = (from: number, to: number) => {
    const y0 = Math.floor(g.h * from);
    const y1 = Math.max(y0 + 1, Math.floor(g.h * to));
    let fine = 0;
    let coarse = 0;
    for (let y = y0; y < y1; y++)
      for (let x = 0; x < g.w; x++) {
        const i = y * g.w + x;
        fine += (g.d[i]! - b1[i]!) ** 2;
        coarse += (b2[i]! - b4[i]!) ** 2;
      }
    const count = (y1 - y0) * g.w;
    return (fine / count + 1) / (coarse / count + 1);
  };
  return Math.log2(band(0.33, 0.55) / band(0.75, 1));
}

interface Grey {
  w: number;
  h: number;
  d: Float32Array;
}

function greyOf(photo: Photo, side: number): Grey {
  const rgb = rgbOf(photo);
  const k = Math.max(1, Math.max(rgb.width, rgb.height) / side);
  const w = Math.max(1, Math.round(rgb.width / k));
  const h = Math.max(1, Math.round(rgb.height / k));
  const d = new Float32Array(w * h);
  const count = new Float32Array(w * h);
  for (let y = 0; y < rgb.height; y++) {
    const oy = Math.min(h - 1, Math.floor(y / k));
    for (let x = 0; x < rgb.width; x++) {
      const o = oy * w + Math.min(w - 1, Math.floor(x / k));
      const i = (y * rgb.width + x) * 3;
      d[o]! += 0.3 * rgb.data[i]! + 0.59 * rgb.data[i + 1]! + 0.11 * rgb.data[i + 2]!;
      count[o]! += 1;
    }
  }
  for (let i = 0; i < d.length; i++) d[i]! /= Math.max(1, count[i]!);
  return { w, h, d };
}

/** A separable Gaussian blur with clamped edges. */
function blurred(g: Grey, sigma: number): Float32Array {
  const r = Math.ceil(3 * sigma);
  const kernel: number[] = [];
  let total = 0;
  for (let i = -r; i <= r; i++) {
    const v = Math.exp(-(i * i) / (2 * sigma * sigma));
    kernel.push(v);
    total += v;
  }
  const tmp = new Float32Array(g.d.length);
  const out = new Float32Array(g.d.length);
  for (let y = 0; y < g.h; y++)
    for (let x = 0; x < g.w; x++) {
      let a = 0;
      for (let i = -r; i <= r; i++)
        a += kernel[i + r]! * g.d[y * g.w + Math.min(g.w - 1, Math.max(0, x + i))]!;
      tmp[y * g.w + x] = a / total;
    }
  for (let y = 0; y < g.h; y++)
    for (let x = 0; x < g.w; x++) {
      let a = 0;
      for (let i = -r; i <= r; i++)
        a += kernel[i + r]! * tmp[Math.min(g.h - 1, Math.max(0, y + i)) * g.w + x]!;
      out[y * g.w + x] = a / total;
    }
  return out;
}

/**
 * A close-up's ground at `distanceM`: the photo shrunk (area averaging) so its CLOSE_UP_WIDTH_M
 * span the pixels they span at that distance, mirrored and repeated over the photo's frame.
 */
function closeUpGround(photo: PreparedPhoto, distanceM: number, focalPx: number): Scene {
  const known = photo.closeUps.get(distanceM);
  if (known) return known;
  const src = photo.scene;
  const widthM = photo.depth.kind === 'close-up' ? photo.depth.widthM : CLOSE_UP_WIDTH_M;
  // Scene pixels per metre at the distance, over the photo's own pixels per metre.
  const s = Math.min(1, ((focalPx / distanceM) * widthM) / src.width);
  const tw = Math.max(1, Math.round(src.width * s));
  const th = Math.max(1, Math.round(src.height * s));
  const small = shrink(src, tw, th);
  const data = new Uint8Array(src.width * src.height * 3);
  const mirror = (v: number, n: number) => {
    const m = v % (2 * n);
    return m < n ? m : 2 * n - 1 - m;
  };
  // Offset so the frame's middle is the photo's middle, not a mirror seam.
  const ox = Math.floor(tw / 2 - src.width / 2 + 1e6 * tw);
  const oy = Math.floor(th / 2 - src.height / 2 + 1e6 * th);
  for (let y = 0; y < src.height; y++) {
    const sy = mirror(y + oy, th);
    for (let x = 0; x < src.width; x++) {
      const sx = mirror(x + ox, tw);
      data.set(small.data.subarray((sy * tw + sx) * 3, (sy * tw + sx) * 3 + 3), (y * src.width + x) * 3);
    }
  }
  const scene = sceneOf({ width: src.width, height: src.height, data });
  photo.closeUps.set(distanceM, scene);
  return scene;
}

function shrink(src: RgbRaster, tw: number, th: number): RgbRaster {
  const sum = new Float64Array(tw * th * 3);
  const count = new Float64Array(tw * th);
  for (let y = 0; y < src.height; y++) {
    const oy = Math.min(th - 1, Math.floor((y * th) / src.height));
    for (let x = 0; x < src.width; x++) {
      const o = oy * tw + Math.min(tw - 1, Math.floor((x * tw) / src.width));
      const i = (y * src.width + x) * 3;
      sum[o * 3]! += src.data[i]!;
      sum[o * 3 + 1]! += src.data[i + 1]!;
      sum[o * 3 + 2]! += src.data[i + 2]!;
      count[o]! += 1;
    }
  }
  const data = new Uint8Array(tw * th * 3);
  for (let o = 0; o < tw * th; o++)
    for (let c = 0; c < 3; c++) data[o * 3 + c] = Math.round(sum[o * 3 + c]! / Math.max(1, count[o]!));
  return { width: tw, height: th, data };
}
