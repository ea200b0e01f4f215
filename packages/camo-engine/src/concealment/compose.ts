/**
 * The one compositor: a silhouette wearing a design (or one flat colour) placed in a photo, as
 * hide and seek shows it, its blend preview shows it and the concealment predictor measures it.
 * Pure TypeScript over raw pixels; the server decodes and encodes around it.
 */
import { DEFAULT_REPEAT_CM } from '@camo/shared/shapes';
import { channelsOf, type Photo } from '../types.js';
import type { Placement, Silhouette } from './silhouettes.js';
import { tileAt } from './tile-resample.js';

/** The real width one repeat of a design's tile covers (the default repeat; camouflage repeats every 60-90 cm). */
const TILE_METRES = DEFAULT_REPEAT_CM / 100;
/** Softening of the target's edge at the photo's scale, as a real object's outline is never a cut-out. */
export const EDGE_SIGMA_PX = 1.2;
/** Rows of samples per pixel row when the outline is rasterised (columns are exact). */
const SUBROWS = 4;

export type Rgb = readonly [number, number, number];

/** An RGB raster, three bytes a pixel, row-major. */
export interface RgbRaster {
  width: number;
  height: number;
  data: Uint8Array;
}

/** A photo ready for targets: its RGB pixels and the scene's light around each pixel. */
export interface Scene extends RgbRaster {
  /** The factor a target's colours are lit by at each pixel (0.7..1.25). */
  light: Float32Array;
}

/** A design's tile with its halvings (a mip pyramid), so it is shrunk to any size by area averaging cheaply. */
export interface DesignTile {
  width: number;
  height: number;
  rgb: Uint8Array;
  /** The tile halved again and again (2 x 2 means), down to 8 px; levels[0] is the tile itself. */
  levels: RgbRaster[];
  /** How wide one repeat of the tile is printed, in metres (the design's repeat, decision 035). */
  repeatM: number;
}

/** What a target wears: a design tiled at true scale, or one flat colour (the control). */
export type TargetFill = { design: DesignTile } | { colour: Rgb };

export interface ComposeOptions {
  /** Softening of the outline in pixels of this scene (EDGE_SIGMA_PX at the photo's own scale). */
  edgeSigma?: number;
  /** Where the design's tiling starts, in this scene's pixels (the photo's origin by default). */
  tileOrigin?: readonly [number, number];
  /** The tile's side in pixels, when the scene is a resampled crop (its repeat at the scene's scale otherwise). */
  tilePx?: number;
}

export interface Composed {
  /** RGB, the scene's size. */
  data: Uint8Array;
  /** The target's coverage per pixel, 0..1, with its softened edge. */
  mask: Float32Array;
}

/**
 * The side of one design tile on a target at `placement` (photo pixels): the repeat (`repeatM`,
 * TILE_METRES unless told) at its pixels per metre, at least 1 (a tile of one pixel is its mean
 * colour: a pattern blends when the photo cannot hold it). It was at least 8 before decision 035,
 * which made a small repeat far away as coarse as an 8 px one.
 */
export function tileSidePx(silhouette: Silhouette, placement: Placement, repeatM = TILE_METRES): number {
  return Math.max(1, (placement.size / silhouette.heightM) * repeatM);
}

/** The repeat a fill is printed at, in metres (a flat colour has none: TILE_METRES, unused). */
export const repeatOf = (fill: TargetFill): number => ('design' in fill ? fill.design.repeatM : TILE_METRES);

/** RGB (three bytes a pixel) of a photo given as RGB or RGBA. */
export function rgbOf(photo: Photo): RgbRaster {
  const ch = channelsOf(photo);
  if (ch === 3) return photo;
  const n = photo.width * photo.height;
  const data = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++) {
    data[i * 3] = photo.data[i * 4] ?? 0;
    data[i * 3 + 1] = photo.data[i * 4 + 1] ?? 0;
    data[i * 3 + 2] = photo.data[i * 4 + 2] ?? 0;
  }
  return { width: photo.width, height: photo.height, data };
}

export function meanColour(photo: RgbRaster): [number, number, number] {
  const sum = [0, 0, 0];
  const n = photo.width * photo.height;
  for (let i = 0; i < n; i++) {
    sum[0]! += photo.data[i * 3]!;
    sum[1]! += photo.data[i * 3 + 1]!;
    sum[2]! += photo.data[i * 3 + 2]!;
  }
  return [sum[0]! / n, sum[1]! / n, sum[2]! / n];
}

/**
 * The photo with the light of its scene: grey level blurred at 1/40 of the longer side (at least
 * 4 px) relative to its mean, square-rooted and held within 0.7..1.25, so a target in shade is
 * darker and one in sun lighter, as a real object would be, while a design stays itself.
 */
export function sceneOf(photo: Photo): Scene {
  const rgb = rgbOf(photo);
  const { width, height, data } = rgb;
  const sigma = Math.max(4, Math.round(Math.max(width, height) / 40));
  // The light is smooth at this sigma: blur the grey level at a quarter of it (at most) per
  // pixel and read it back bilinearly, which costs a sixteenth and looks the same.
  const f = Math.max(1, Math.floor(sigma / 4));
  const sw = Math.ceil(width / f);
  const sh = Math.ceil(height / f);
  const grey = new Float32Array(sw * sh);
  const count = new Float32Array(sw * sh);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const o = Math.floor(y / f) * sw + Math.floor(x / f);
      grey[o]! += 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!;
      count[o]! += 1;
    }
  let mean = 0;
  for (let i = 0; i < grey.length; i++) {
    mean += grey[i]!;
    grey[i]! /= count[i]!;
  }
  mean = mean / (width * height) || 1;
  const blurred = boxGaussian(grey, sw, sh, sigma / f);
  const light = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(sh - 1, Math.max(0, (y + 0.5) / f - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(sh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(sw - 1, Math.max(0, (x + 0.5) / f - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(sw - 1, x0 + 1);
      const tx = fx - x0;
      const v =
        (blurred[y0 * sw + x0]! * (1 - tx) + blurred[y0 * sw + x1]! * tx) * (1 - ty) +
        (blurred[y1 * sw + x0]! * (1 - tx) + blurred[y1 * sw + x1]! * tx) * ty;
      light[y * width + x] = Math.min(1.25, Math.max(0.7, Math.sqrt(v / mean)));
    }
  }
  return { ...rgb, light };
}

/** A design's tile prepared once for many targets, printed `repeatCm` wide (DEFAULT_REPEAT_CM unless told). */
export function prepareDesign(design: Photo, repeatCm: number = DEFAULT_REPEAT_CM): DesignTile {
  const base = rgbOf(design);
  const levels: RgbRaster[] = [base];
  for (let top = base; Math.min(top.width, top.height) >= 16;) {
    const w = top.width >> 1;
    const h = top.height >> 1;
    const data = new Uint8Array(w * h * 3);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const a = (2 * y * top.width + 2 * x) * 3;
        const b = a + top.width * 3;
        for (let c = 0; c < 3; c++)
          data[(y * w + x) * 3 + c] =
            (top.data[a + c]! + top.data[a + 3 + c]! + top.data[b + c]! + top.data[b + 3 + c]! + 2) >> 2;
      }
    top = { width: w, height: h, data };
    levels.push(top);
  }
  return { width: base.width, height: base.height, rgb: base.data, levels, repeatM: repeatCm / 100 };
}

/** The silhouette's outline in image coordinates (the transform hide and seek's hit test inverts). */
export function outline(s: Silhouette, p: Placement): [number, number][] {
  const a = (p.rotation * Math.PI) / 180;
  const k = p.size / 100;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  return s.points.map(([px, py]) => {
    const dx = (px - 50) * k;
    const dy = (py - 50) * k;
    return [p.x + dx * cos - dy * sin, p.y + dx * sin + dy * cos];
  });
}

/**
 * The target's coverage (0..1) at each pixel of a width x height image: the polygon's area in each
 * pixel (exact across a row, SUBROWS samples down it), then softened by a Gaussian of `edgeSigma`.
 */
export function coverage(
  silhouette: Silhouette,
  placement: Placement,
  width: number,
  height: number,
  edgeSigma = EDGE_SIGMA_PX,
): Float32Array {
  const pts = outline(silhouette, placement);
  const pad = Math.ceil(3 * edgeSigma) + 1;
  const ys = pts.map((q) => q[1]);
  const xs = pts.map((q) => q[0]);
  const bx0 = Math.max(0, Math.floor(Math.min(...xs)) - pad);
  const bx1 = Math.min(width, Math.ceil(Math.max(...xs)) + pad);
  const by0 = Math.max(0, Math.floor(Math.min(...ys)) - pad);
  const by1 = Math.min(height, Math.ceil(Math.max(...ys)) + pad);
  const mask = new Float32Array(width * height);
  if (bx1 <= bx0 || by1 <= by0) return mask;
  const bw = bx1 - bx0;
  const bh = by1 - by0;
  const box = new Float32Array(bw * bh);
  const crossings: number[] = [];
  for (let y = by0; y < by1; y++) {
    for (let s = 0; s < SUBROWS; s++) {
      const sy = y + (s + 0.5) / SUBROWS;
      crossings.length = 0;
      for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
        const [xi, yi] = pts[i]!;
        const [xj, yj] = pts[j]!;
        if (yi > sy !== yj > sy) crossings.push(xi + ((sy - yi) * (xj - xi)) / (yj - yi));
      }
      crossings.sort((a, b) => a - b);
      const row = (y - by0) * bw;
      for (let k = 0; k + 1 < crossings.length; k += 2) {
        const xa = Math.max(bx0, crossings[k]!);
        const xb = Math.min(bx1, crossings[k + 1]!);
        for (let x = Math.floor(xa); x < xb; x++) {
          const overlap = Math.min(xb, x + 1) - Math.max(xa, x);
          if (overlap > 0) box[row + x - bx0]! += overlap / SUBROWS;
        }
      }
    }
  }
  const soft = edgeSigma > 0 ? gaussianBlur(box, bw, bh, edgeSigma) : box;
  for (let y = 0; y < bh; y++)
    for (let x = 0; x < bw; x++) mask[(y + by0) * width + x + bx0] = Math.min(1, soft[y * bw + x]!);
  return mask;
}

/**
 * `scene` with `silhouette` at `placement` wearing `fill`: the design tiled at true scale (one tile
 * covers its repeat at the silhouette's pixels per metre, at least 1 px), lit by the scene's light
 * and blended through the target's soft coverage.
 */
export function composeTarget(
  scene: Scene,
  fill: TargetFill,
  silhouette: Silhouette,
  placement: Placement,
  options: ComposeOptions = {},
): Composed {
  const { width, height } = scene;
  const mask = coverage(silhouette, placement, width, height, options.edgeSigma ?? EDGE_SIGMA_PX);
  const out = Uint8Array.from(scene.data);
  let tile: Uint8Array | null = null;
  let t = 1;
  let ox = 0;
  let oy = 0;
  if ('design' in fill) {
    t = Math.max(1, Math.round(options.tilePx ?? tileSidePx(silhouette, placement, fill.design.repeatM)));
    tile = tileAt(fill.design, t);
    ox = Math.round(options.tileOrigin?.[0] ?? 0);
    oy = Math.round(options.tileOrigin?.[1] ?? 0);
  }
  const flat = 'colour' in fill ? fill.colour.map((c) => Math.round(c)) : [0, 0, 0];
  for (let y = 0; y < height; y++) {
    const ty = ((((y - oy) % t) + t) % t) * t;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const a = mask[i]!;
      if (a === 0) continue;
      const k = scene.light[i]!;
      const ti = (ty + ((((x - ox) % t) + t) % t)) * 3;
      for (let c = 0; c < 3; c++) {
        const j = i * 3 + c;
        const f = tile ? tile[ti + c]! : flat[c]!;
        out[j] = Math.round(scene.data[j]! * (1 - a) + Math.min(255, f * k) * a);
      }
    }
  }
  return { data: out, mask };
}

/** A separable Gaussian blur (radius 3 sigma, edges clamped). */
export function gaussianBlur(src: Float32Array, w: number, h: number, sigma: number): Float32Array {
  const r = Math.max(1, Math.ceil(3 * sigma));
  const kernel = new Float32Array(2 * r + 1);
  let sum = 0;
  for (let i = -r; i <= r; i++) sum += kernel[i + r] = Math.exp(-(i * i) / (2 * sigma * sigma));
  for (let i = 0; i < kernel.length; i++) kernel[i]! /= sum;
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let v = 0;
      for (let i = -r; i <= r; i++) v += kernel[i + r]! * src[y * w + Math.min(w - 1, Math.max(0, x + i))]!;
      tmp[y * w + x] = v;
    }
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let v = 0;
      for (let i = -r; i <= r; i++) v += kernel[i + r]! * tmp[Math.min(h - 1, Math.max(0, y + i)) * w + x]!;
      out[y * w + x] = v;
    }
  return out;
}

/**
 * A Gaussian blur of a large sigma as three box blurs (their widths from Kovesi's rule), which
 * costs the same whatever the sigma; within a few per cent of the true Gaussian.
 */
function boxGaussian(src: Float32Array, w: number, h: number, sigma: number): Float32Array {
  const n = 3;
  const ideal = Math.sqrt((12 * sigma * sigma) / n + 1);
  let wl = Math.floor(ideal);
  if (wl % 2 === 0) wl--;
  const wu = wl + 2;
  const m = Math.round((12 * sigma * sigma - n * wl * wl - 4 * n * wl - 3 * n) / (-4 * wl - 4));
  const a = Float32Array.from(src);
  const b = new Float32Array(src.length);
  for (let pass = 0; pass < n; pass++) {
    const r = ((pass < m ? wl : wu) - 1) / 2;
    boxPass(a, b, w, h, r, true);
    boxPass(b, a, w, h, r, false);
  }
  return a;
}

/** One running-sum box blur of radius r along rows (or columns), edges clamped. */
function boxPass(src: Float32Array, dst: Float32Array, w: number, h: number, r: number, rows: boolean): void {
  const lines = rows ? h : w;
  const len = rows ? w : h;
  const stride = rows ? 1 : w;
  const norm = 1 / (2 * r + 1);
  const last = len - 1;
  for (let l = 0; l < lines; l++) {
    const base = rows ? l * w : l;
    const first = src[base]!;
    const end = src[base + last * stride]!;
    let acc = 0;
    for (let k = -r; k <= r; k++) acc += src[base + Math.min(last, Math.max(0, k)) * stride]!;
    for (let k = 0; k < len; k++) {
      dst[base + k * stride] = acc * norm;
      const add = k + r + 1;
      const drop = k - r;
      acc +=
        (add <= last ? src[base + add * stride]! : end) - (drop >= 0 ? src[base + drop * stride]! : first);
    }
  }
}
