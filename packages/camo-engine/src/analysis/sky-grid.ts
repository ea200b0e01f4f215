/**
 * The photo as the sky finder (./sky.ts) sees it: area-averaged CIELAB cells, at most SKY_GRID on
 * the long side, each cell's smoothness (its L* spread), and the colours that could be sky or
 * water.
 */
import { rgbToLab } from '../color/lab.js';
import { channelsOf, type Photo } from '../types.js';

export const SKY_GRID = 144;

export interface Grid {
  w: number;
  h: number;
  L: Float32Array;
  A: Float32Array;
  B: Float32Array;
}

export function gridOf(photo: Photo): Grid {
  const ch = channelsOf(photo);
  const long = Math.max(photo.width, photo.height);
  const f = Math.min(1, SKY_GRID / long);
  const w = Math.max(1, Math.round(photo.width * f));
  const h = Math.max(1, Math.round(photo.height * f));
  const L = new Float32Array(w * h);
  const A = new Float32Array(w * h);
  const B = new Float32Array(w * h);
  for (let gy = 0; gy < h; gy++) {
    const y0 = Math.floor((gy * photo.height) / h);
    const y1 = Math.max(y0 + 1, Math.floor(((gy + 1) * photo.height) / h));
    const sy = Math.max(1, Math.floor((y1 - y0) / 6));
    for (let gx = 0; gx < w; gx++) {
      const x0 = Math.floor((gx * photo.width) / w);
      const x1 = Math.max(x0 + 1, Math.floor(((gx + 1) * photo.width) / w));
      const sx = Math.max(1, Math.floor((x1 - x0) / 6));
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let y = y0; y < y1; y += sy)
        for (let x = x0; x < x1; x += sx) {
          const o = (y * photo.width + x) * ch;
          r += photo.data[o] ?? 0;
          g += photo.data[o + 1] ?? 0;
          b += photo.data[o + 2] ?? 0;
          n++;
        }
      const lab = rgbToLab(r / n, g / n, b / n);
      const i = gy * w + gx;
      L[i] = lab.L;
      A[i] = lab.a;
      B[i] = lab.b;
    }
  }
  return { w, h, L, A, B };
}

/** L* spread over each cell's 3x3 neighbourhood (along its row, for blue in the top two rows). */
export function roughness(g: Grid): Float32Array {
  const out = new Float32Array(g.w * g.h);
  for (let y = 0; y < g.h; y++)
    for (let x = 0; x < g.w; x++) {
      let s = 0;
      let s2 = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const yy = y + dy;
          const xx = x + dx;
          if (yy < 0 || yy >= g.h || xx < 0 || xx >= g.w) continue;
          const v = g.L[yy * g.w + xx] ?? 0;
          s += v;
          s2 += v * v;
          n++;
        }
      const m = s / n;
      const square = Math.sqrt(Math.max(0, s2 / n - m * m));
      // Along the row only (5 cells): a thin band of sky at the top of a photo is smooth along
      // its row even where the 3x3 window reaches the ground below it.
      let r = 0;
      let r2 = 0;
      let rn = 0;
      for (let dx = -2; dx <= 2; dx++) {
        const xx = x + dx;
        if (xx < 0 || xx >= g.w) continue;
        const v = g.L[y * g.w + xx] ?? 0;
        r += v;
        r2 += v * v;
        rn++;
      }
      const rm = r / rn;
      const row = Math.sqrt(Math.max(0, r2 / rn - rm * rm));
      // Only in the top two rows, and only for blue: lower down, or grey, a row of even-toned
      // (or out-of-focus) ground would pass as sky.
      const blue =
        Math.hypot(g.A[y * g.w + x] ?? 0, g.B[y * g.w + x] ?? 0) >= 6 &&
        hueDeg(g.A[y * g.w + x] ?? 0, g.B[y * g.w + x] ?? 0) >= 195 &&
        hueDeg(g.A[y * g.w + x] ?? 0, g.B[y * g.w + x] ?? 0) <= 300;
      out[y * g.w + x] = y < 2 && blue ? Math.min(square, row) : square;
    }
  return out;
}

export function hueDeg(a: number, b: number): number {
  return ((Math.atan2(b, a) * 180) / Math.PI + 360) % 360;
}

/** Whether a colour could be sky: blue, bright neutral, storm grey or the glow around the sun. */
export function skyColour(L: number, a: number, b: number): boolean {
  const C = Math.hypot(a, b);
  const h = hueDeg(a, b);
  if (C >= 6 && h >= 195 && h <= 300 && L >= 30) return true; // blue sky
  if (C < 12 && L >= 55 && b <= 8) return true; // white or grey overcast, clouds
  if (C < 14 && L >= 18 && L < 70 && b <= 2 && a <= 4) return true; // storm clouds
  return L >= 84 && C < 35; // glow near the sun, haze
}

export function waterColour(L: number, a: number, b: number): boolean {
  const C = Math.hypot(a, b);
  const h = hueDeg(a, b);
  return C >= 5 && h >= 165 && h <= 300 && L >= 15 && L <= 90;
}
