/** sRGB (D65) <-> CIELAB conversions. L* in [0, 100]. */

import { channelsOf, type Photo } from '../types.js';

export interface Lab {
  L: number;
  a: number;
  b: number;
}

/** 8-bit sRGB to linear light (0..1), by table. */
export const SRGB_TO_LINEAR = new Float64Array(256);
for (let i = 0; i < 256; i++) {
  const c = i / 255;
  SRGB_TO_LINEAR[i] = c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
}

const XN = 0.95047;
const YN = 1.0;
const ZN = 1.08883;
const EPS = 216 / 24389;
const KAPPA = 24389 / 27;

function f(t: number): number {
  return t > EPS ? Math.cbrt(t) : (KAPPA * t + 16) / 116;
}

function finv(t: number): number {
  const t3 = t * t * t;
  return t3 > EPS ? t3 : (116 * t - 16) / KAPPA;
}

export function rgbToLab(r: number, g: number, b: number): Lab {
  return linearRgbToLab(
    SRGB_TO_LINEAR[r & 255] ?? 0,
    SRGB_TO_LINEAR[g & 255] ?? 0,
    SRGB_TO_LINEAR[b & 255] ?? 0,
  );
}

/** CIE lightness L* of a luminance relative to white's (1): a person's Y, or another eye's own luminance. */
export function lightness(y: number): number {
  return 116 * f(y) - 16;
}

/** Linear sRGB to CIE 1931 XYZ (D65, white Y = 1) and back: IEC 61966-2-1's matrices. */
export const LINEAR_SRGB_TO_XYZ: readonly (readonly number[])[] = [
  [0.4124564, 0.3575761, 0.1804375],
  [0.2126729, 0.7151522, 0.072175],
  [0.0193339, 0.119192, 0.9503041],
];
export const XYZ_TO_LINEAR_SRGB: readonly (readonly number[])[] = [
  [3.2404542, -1.5371385, -0.4985314],
  [-0.969266, 1.8760108, 0.041556],
  [0.0556434, -0.2040259, 1.0572252],
];

/** CIELAB of linear-light sRGB (each channel 0..1): a filtered image's colours, which are not 8-bit. */
export function linearRgbToLab(rl: number, gl: number, bl: number): Lab {
  const x = (0.4124564 * rl + 0.3575761 * gl + 0.1804375 * bl) / XN;
  const y = (0.2126729 * rl + 0.7151522 * gl + 0.072175 * bl) / YN;
  const z = (0.0193339 * rl + 0.119192 * gl + 0.9503041 * bl) / ZN;
  const fx = f(x);
  const fy = f(y);
  const fz = f(z);
  return { L: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz) };
}

/** Linear light (0..1) to an 8-bit sRGB value, clipped. */
export function linearToSrgb8(c: number): number {
  const v = c <= 0.0031308 ? 12.92 * c : 1.055 * Math.pow(c, 1 / 2.4) - 0.055;
  return Math.max(0, Math.min(255, Math.round(v * 255)));
}

/** Lab to 8-bit sRGB, clipping out-of-gamut colours channel by channel. */
export function labToRgb(lab: Lab): [number, number, number] {
  const fy = (lab.L + 16) / 116;
  const fx = fy + lab.a / 500;
  const fz = fy - lab.b / 200;
  const x = finv(fx) * XN;
  const y = (lab.L > KAPPA * EPS ? fy * fy * fy : lab.L / KAPPA) * YN;
  const z = finv(fz) * ZN;
  const rl = 3.2404542 * x - 1.5371385 * y - 0.4985314 * z;
  const gl = -0.969266 * x + 1.8760108 * y + 0.041556 * z;
  const bl = 0.0556434 * x - 0.2040259 * y + 1.0572252 * z;
  return [linearToSrgb8(rl), linearToSrgb8(gl), linearToSrgb8(bl)];
}

export function rgbToHex(rgb: readonly [number, number, number]): string {
  return '#' + rgb.map((v) => v.toString(16).padStart(2, '0')).join('');
}

export function hexToRgb(hex: string): [number, number, number] {
  const n = parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Lab of a colour after the 8-bit sRGB round trip, so palettes describe exactly what is drawn. */
export function quantiseLab(lab: Lab): Lab {
  const [r, g, b] = labToRgb(lab);
  return rgbToLab(r, g, b);
}

/**
 * Converts an RGB(A) buffer into planar Float32 L*, a*, b* arrays.
 * A 64-entry cache per channel is not enough for exactness, so this uses a direct
 * conversion with a small memo keyed on the packed RGB value.
 */
export function imageToLab(
  data: Uint8Array,
  channels: number,
  count: number,
): { L: Float32Array; A: Float32Array; B: Float32Array } {
  const L = new Float32Array(count);
  const A = new Float32Array(count);
  const B = new Float32Array(count);
  const memo = new Map<number, number>();
  const memoL: number[] = [];
  const memoA: number[] = [];
  const memoB: number[] = [];
  for (let i = 0; i < count; i++) {
    const o = i * channels;
    const r = data[o] ?? 0;
    const g = channels >= 3 ? (data[o + 1] ?? 0) : r;
    const bl = channels >= 3 ? (data[o + 2] ?? 0) : r;
    const key = (r << 16) | (g << 8) | bl;
    let idx = memo.get(key);
    if (idx === undefined) {
      const lab = rgbToLab(r, g, bl);
      idx = memoL.length;
      memoL.push(lab.L);
      memoA.push(lab.a);
      memoB.push(lab.b);
      if (memo.size < 1 << 20) memo.set(key, idx);
    }
    L[i] = memoL[idx] ?? 0;
    A[i] = memoA[idx] ?? 0;
    B[i] = memoB[idx] ?? 0;
  }
  return { L, A, B };
}

/** Lab planes of a photo, optionally subsampled with a stride so that at most `maxPixels` remain. */
export function photoLab(
  photo: Photo,
  maxPixels = Infinity,
): ReturnType<typeof imageToLab> & { width: number; height: number } {
  const ch = channelsOf(photo);
  const stride = Math.max(1, Math.ceil(Math.sqrt((photo.width * photo.height) / maxPixels)));
  const w = Math.floor(photo.width / stride);
  const h = Math.floor(photo.height / stride);
  const sub = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = (y * stride * photo.width + x * stride) * ch;
      const d = (y * w + x) * 3;
      sub[d] = photo.data[o] ?? 0;
      sub[d + 1] = photo.data[o + 1] ?? 0;
      sub[d + 2] = photo.data[o + 2] ?? 0;
    }
  }
  const { L, A, B } = imageToLab(sub, 3, w * h);
  return { L, A, B, width: w, height: h };
}
