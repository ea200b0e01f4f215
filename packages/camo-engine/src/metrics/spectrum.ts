import { powerSpectrum2d } from './fft.js';

/** A single-channel image (e.g. L*) in row-major order. */
export interface Plane {
  width: number;
  height: number;
  data: Float32Array;
}

/**
 * Slope of the radially averaged power spectrum of a plane, in log-log.
 * Takes the centred square crop whose side is the largest power of two that fits (at most
 * `maxSide`), removes the mean, applies a 2-D Hann window, and fits a line to log power against
 * log radius over radii 4 .. side/4 (in frequency bins), using log-spaced bands so every octave
 * weighs the same. Natural photos give about -2; smooth flat-colour images about -3.
 */
export function spectralSlope(plane: Plane, maxSide = 512): number {
  let side = 1;
  while (side * 2 <= Math.min(plane.width, plane.height, maxSide)) side *= 2;
  const x0 = Math.floor((plane.width - side) / 2);
  const y0 = Math.floor((plane.height - side) / 2);
  const img = new Float64Array(side * side);
  let mean = 0;
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const v = plane.data[(y0 + y) * plane.width + x0 + x] ?? 0;
      img[y * side + x] = v;
      mean += v;
    }
  }
  mean /= side * side;
  const hann = new Float64Array(side);
  for (let i = 0; i < side; i++) hann[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (side - 1));
  for (let y = 0; y < side; y++) {
    const wy = hann[y] ?? 0;
    for (let x = 0; x < side; x++)
      img[y * side + x] = ((img[y * side + x] ?? 0) - mean) * wy * (hann[x] ?? 0);
  }
  const rMin = 4;
  const rMax = side / 4;
  const power = powerSpectrum2d(img, side, Math.ceil(rMax));
  const bands = 24;
  const sum = new Float64Array(bands);
  const cnt = new Float64Array(bands);
  const logMin = Math.log(rMin);
  const logSpan = Math.log(rMax) - logMin;
  // The band of frequency (fx, fy) depends on |fx| and |fy| only: one quadrant's table (-1 = none).
  const q = side / 2 + 1;
  const bandOf = new Int8Array(q * q);
  for (let ay = 0; ay < q; ay++)
    for (let ax = 0; ax < q; ax++) {
      const r = Math.hypot(ax, ay);
      bandOf[ay * q + ax] =
        r < rMin || r > rMax
          ? -1
          : Math.min(bands - 1, Math.floor(((Math.log(r) - logMin) / logSpan) * bands));
    }
  for (let y = 0; y < side; y++) {
    const ay = y <= side / 2 ? y : side - y;
    for (let x = 0; x < side; x++) {
      const ax = x <= side / 2 ? x : side - x;
      const band = bandOf[ay * q + ax] ?? -1;
      if (band < 0) continue;
      sum[band] = (sum[band] ?? 0) + (power[y * side + x] ?? 0);
      cnt[band] = (cnt[band] ?? 0) + 1;
    }
  }
  const xs: number[] = [];
  const ys: number[] = [];
  for (let b = 0; b < bands; b++) {
    const c = cnt[b] ?? 0;
    const s = sum[b] ?? 0;
    if (c > 0 && s > 0) {
      xs.push(logMin + ((b + 0.5) / bands) * logSpan);
      ys.push(Math.log(s / c));
    }
  }
  return linearFitSlope(xs, ys);
}

export function linearFitSlope(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  if (n < 2) return 0;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i] ?? 0;
    my += ys[i] ?? 0;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] ?? 0) - mx;
    sxy += dx * ((ys[i] ?? 0) - my);
    sxx += dx * dx;
  }
  return sxx > 0 ? sxy / sxx : 0;
}
