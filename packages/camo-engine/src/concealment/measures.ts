/**
 * What the literature ties to search time, measured on a target as an observer sees it
 * (decision 016): colour and luminance contrast against its surround, edge disruption (GabRat)
 * and how its texture differs from the ground around it.
 */
import type { Lab } from '../color/lab.js';
import { ciede2000 } from '../metrics/ciede2000.js';
import type { ObserverId } from './observers.js';
import { fourierOf } from './spatial-filter.js';
import type { ConcealmentMeasures } from './model.js';
import { RING_SHARE, type ObservedCrop } from './view.js';

/** Coverage above which a pixel counts as the target, and below which as its surround. */
const INSIDE = 0.5;
const OUTSIDE = 0.02;
/** Texture bands: wavelengths of the target's height over 2, 4 and 8 (one octave apart). */
const BAND_DIVISORS = [2, 4, 8];
/** A band is measured only when its wavelength spans at least this many pixels (below Nyquist's 2). */
const MIN_WAVELENGTH_PX = 2.5;
/** Each band's width: a log-Gaussian of this many octaves' standard deviation. */
const BAND_SIGMA_OCTAVES = 0.5;

/**
 * The chromatic part of two colours' difference: for a person CIEDE2000 with L* held equal (their
 * mean); for a deer the distance on its one opponent axis (observers.ts#seenColour), in the same
 * units a JND.
 */
export function chromaticDifference(p: Lab, q: Lab, observer: ObserverId = 'person'): number {
  if (observer === 'deer') return Math.abs(p.a - q.a);
  const L = (p.L + q.L) / 2;
  return ciede2000({ L, a: p.a, b: p.b }, { L, a: q.a, b: q.b });
}

/** What one observed crop holds: the target's and its surround's mean colour, and each texture band's energy. */
export interface CropStats {
  target: Lab;
  surround: Lab;
  /** RMS L* energy per texture band (wavelengths of the target's height over 2, 4, 8), inside the target; NaN where too fine. */
  targetBands: number[];
  /** The same on the ground around it. */
  groundBands: number[];
}

/** Pixels of the target, of the ground around it, and of its surround ring. */
function regionsOf(crop: ObservedCrop): { inTarget: Uint8Array; inGround: Uint8Array; inRing: Uint8Array } {
  const { n, mask, valid, box, targetPx } = crop;
  const ring = RING_SHARE * targetPx;
  const inRing = new Uint8Array(n * n);
  const inTarget = new Uint8Array(n * n);
  const inGround = new Uint8Array(n * n);
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      const i = y * n + x;
      if (!valid[i]) continue;
      const m = mask[i]!;
      if (m >= INSIDE) inTarget[i] = 1;
      if (m < OUTSIDE) inGround[i] = 1;
      if (
        m < OUTSIDE &&
        x + 0.5 >= box.x - ring &&
        x + 0.5 <= box.x + box.width + ring &&
        y + 0.5 >= box.y - ring &&
        y + 0.5 <= box.y + box.height + ring
      )
        inRing[i] = 1;
    }
  return { inTarget, inGround, inRing };
}

/** The colours and texture bands of one observed crop (the parts of the measures that need no outline). */
export function cropStats(crop: ObservedCrop): CropStats {
  const { inTarget, inGround, inRing } = regionsOf(crop);
  const bands = textureBands(crop, inTarget, inGround);
  return {
    target: meanLab(crop, inTarget, crop.mask),
    surround: meanLab(crop, inRing, null),
    targetBands: bands.map((b) => b?.target ?? NaN),
    groundBands: bands.map((b) => b?.ground ?? NaN),
  };
}

/** The target's four measures in one observed crop. */
export function measureCrop(crop: ObservedCrop): ConcealmentMeasures {
  const { inTarget, inGround, inRing } = regionsOf(crop);
  const target = meanLab(crop, inTarget, crop.mask);
  const surround = meanLab(crop, inRing, null);
  return {
    colourContrast: chromaticDifference(target, surround, crop.observer),
    luminanceContrast: Math.abs(target.L - surround.L),
    gabrat: gabrat(crop.L, crop.mask, crop.n, crop.gabratSigma),
    textureDifference: textureDifference(crop, inTarget, inGround),
  };
}

function meanLab(crop: ObservedCrop, where: Uint8Array, weight: Float32Array | null): Lab {
  let L = 0;
  let a = 0;
  let b = 0;
  let w = 0;
  for (let i = 0; i < where.length; i++) {
    if (!where[i]) continue;
    const k = weight ? weight[i]! : 1;
    L += k * crop.L[i]!;
    a += k * crop.A[i]!;
    b += k * crop.B[i]!;
    w += k;
  }
  return w > 0 ? { L: L / w, a: a / w, b: b / w } : { L: 0, a: 0, b: 0 };
}

/**
 * GabRat (Troscianko, Skelhorn & Stevens 2017), as the authors' ImageJ tool computes it
 * (micaToolbox, GabRat_Disruption.java): odd Gabor kernels (6 sigma + 1 px wide, aspect 1,
 * frequency 2 over the kernel's width, phase pi/2) at 4 angles; at each pixel of the target's
 * outline (inside pixels with a 4-neighbour outside), the angle where the kernel answers the mask
 * most is the outline's; the image's response at that angle is the coherent edge and at the
 * angle 90 degrees from it the false edge. GabRat is the mean of false / (false + coherent): above
 * 0.5 the outline is disrupted, below it stands out.
 */
export function gabrat(image: Float32Array, mask: Float32Array, n: number, sigma: number): number {
  const angles = 4;
  const size = Math.round(6 * Math.max(1, sigma) + 1);
  const middle = Math.floor(size / 2) + 1;
  const kernels: Float32Array[] = [];
  for (let a = 0; a < angles; a++) {
    const theta = (Math.PI / angles) * a;
    const k = new Float32Array(size * size);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        const dx = x - middle + 1;
        const dy = y - middle + 1;
        const xp = dx * Math.cos(theta) + dy * Math.sin(theta);
        const yp = dy * Math.cos(theta) - dx * Math.sin(theta);
        const env = Math.exp(-0.5 * ((xp * xp) / (sigma * sigma) + (yp * yp) / (sigma * sigma)));
        k[y * size + x] =
          (env / (2 * Math.PI * sigma * sigma)) * Math.cos((2 * Math.PI * 2 * xp) / size + Math.PI / 2);
      }
    kernels.push(k);
  }
  const inside = (x: number, y: number): boolean =>
    x >= 0 && y >= 0 && x < n && y < n && mask[y * n + x]! >= INSIDE;
  let sum = 0;
  let count = 0;
  const maskResp = new Float64Array(angles);
  const imageResp = new Float64Array(angles);
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      if (!inside(x, y)) continue;
      if (inside(x - 1, y) && inside(x + 1, y) && inside(x, y - 1) && inside(x, y + 1)) continue;
      const fx = x - middle + 1;
      const fy = y - middle + 1;
      maskResp.fill(0);
      imageResp.fill(0);
      for (let ky = 0; ky < size; ky++) {
        const yy = fy + ky;
        if (yy < 0 || yy >= n) continue;
        for (let kx = 0; kx < size; kx++) {
          const xx = fx + kx;
          if (xx < 0 || xx >= n) continue;
          const p = yy * n + xx;
          const m = mask[p]! >= INSIDE ? 1 : 0;
          const v = image[p]!;
          for (let a = 0; a < angles; a++) {
            const w = kernels[a]![ky * size + kx]!;
            maskResp[a]! += m * w;
            imageResp[a]! += v * w;
          }
        }
      }
      let along = 0;
      for (let a = 1; a < angles; a++) if (Math.abs(maskResp[a]!) > Math.abs(maskResp[along]!)) along = a;
      const across = (along + angles / 2) % angles;
      const coherent = Math.abs(imageResp[along]!);
      const falseEdge = Math.abs(imageResp[across]!);
      if (coherent + falseEdge <= 0) continue;
      sum += falseEdge / (falseEdge + coherent);
      count++;
    }
  return count > 0 ? sum / count : 0.5;
}

/**
 * How the target's pattern differs from the ground around it: L* band-passed in octaves (the
 * granularity analysis of Stoddard & Stevens 2010), the RMS energy per band inside the target and
 * on the ground around it (the whole crop outside it, about 1.5 times its height across), each eroded by a quarter of the band's wavelength from the outline so the
 * outline's own step counts less; the mean absolute difference over the bands (PatternDiff in
 * Troscianko et al. 2017, there summed), in L* units.
 */
function textureDifference(crop: ObservedCrop, inTarget: Uint8Array, inGround: Uint8Array): number {
  const bands = textureBands(crop, inTarget, inGround).filter((b) => b !== null);
  if (bands.length === 0) return 0;
  let total = 0;
  for (const b of bands) total += Math.abs(b.target - b.ground);
  return total / bands.length;
}

/**
 * Each band's RMS energy inside the target and on the ground around it (null for a band finer
 * than MIN_WAVELENGTH_PX at this crop's scale).
 */
function textureBands(
  crop: ObservedCrop,
  inTarget: Uint8Array,
  inGround: Uint8Array,
): ({ target: number; ground: number } | null)[] {
  const { n, targetPx } = crop;
  const all = BAND_DIVISORS.map((d) => targetPx / d);
  const wavelengths = all.filter((w) => w >= MIN_WAVELENGTH_PX);
  const out: ({ target: number; ground: number } | null)[] = all.map(() => null);
  if (wavelengths.length === 0) return out;
  const fourier = fourierOf(n, n);
  let mean = 0;
  for (let i = 0; i < n * n; i++) mean += crop.L[i]!;
  mean /= n * n;
  for (let i = 0; i < n * n; i++) fourier.re[i] = crop.L[i]! - mean;
  fourier.im.fill(0);
  fourier.transform(false);
  const spectrumRe = Float64Array.from(fourier.re);
  const spectrumIm = Float64Array.from(fourier.im);
  const distIn = distanceTo(inTarget, n, false);
  const distOut = distanceTo(inTarget, n, true);
  // Two real bands per inverse transform: the filters are real and even, so each band's image is
  // real and band a comes back as the real part, band b as the imaginary part.
  for (let b = 0; b < wavelengths.length; b += 2) {
    const pair = wavelengths.slice(b, b + 2);
    const gains = pair.map((w) => bandGain(n, 1 / w));
    for (let i = 0; i < n * n; i++) {
      const g0 = gains[0]![i]!;
      const g1 = gains[1]?.[i] ?? 0;
      // F(a) + i F(b), with F(a) = G0 S and F(b) = G1 S.
      fourier.re[i] = g0 * spectrumRe[i]! - g1 * spectrumIm[i]!;
      fourier.im[i] = g0 * spectrumIm[i]! + g1 * spectrumRe[i]!;
    }
    fourier.transform(true);
    pair.forEach((w, j) => {
      const band = j === 0 ? fourier.re : fourier.im;
      const erode = Math.max(1, w / 4);
      out[b + j] = {
        target: rms(band, inTarget, distIn, erode),
        ground: rms(band, inGround, distOut, erode),
      };
    });
  }
  return out;
}

const bandGains = new Map<string, Float32Array>();

/** A log-Gaussian ring around `centre` cycles per pixel, BAND_SIGMA_OCTAVES wide, zero at DC (kept for the next crops). */
function bandGain(n: number, centre: number): Float32Array {
  const key = `${n}:${centre}`;
  const known = bandGains.get(key);
  if (known) return known;
  if (bandGains.size >= 16) bandGains.delete(bandGains.keys().next().value!);
  const made = makeBandGain(n, centre);
  bandGains.set(key, made);
  return made;
}

function makeBandGain(n: number, centre: number): Float32Array {
  const out = new Float32Array(n * n);
  const s2 = 2 * BAND_SIGMA_OCTAVES * BAND_SIGMA_OCTAVES;
  for (let y = 0; y < n; y++) {
    const fy = (y <= n / 2 ? y : y - n) / n;
    for (let x = 0; x < n; x++) {
      const fx = (x <= n / 2 ? x : x - n) / n;
      const f = Math.hypot(fx, fy);
      if (f === 0) continue;
      const octaves = Math.log2(f / centre);
      out[y * n + x] = Math.exp(-(octaves * octaves) / s2);
    }
  }
  return out;
}

function rms(band: Float64Array, where: Uint8Array, dist: Float32Array, erode: number): number {
  let s = 0;
  let c = 0;
  for (let i = 0; i < where.length; i++) {
    if (!where[i] || dist[i]! < erode) continue;
    s += band[i]! * band[i]!;
    c++;
  }
  if (c === 0) {
    // Too thin to erode: the whole region.
    for (let i = 0; i < where.length; i++) {
      if (!where[i]) continue;
      s += band[i]! * band[i]!;
      c++;
    }
  }
  return c > 0 ? Math.sqrt(s / c) : 0;
}

/**
 * Chamfer distance (weights 1 and 1.4142, in pixels) from each pixel to the nearest pixel on the other side
 * of the target's outline: inside pixels to the outside, or (outside = true) outside pixels to the
 * target.
 */
function distanceTo(target: Uint8Array, n: number, outside: boolean): Float32Array {
  const far = 1e6;
  const d = new Float32Array(n * n);
  for (let i = 0; i < n * n; i++) d[i] = (target[i] === 1) !== outside ? far : 0;
  const step = (i: number, j: number, w: number): void => {
    if (d[j]! + w < d[i]!) d[i] = d[j]! + w;
  };
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      const i = y * n + x;
      if (x > 0) step(i, i - 1, 1);
      if (y > 0) {
        step(i, i - n, 1);
        if (x > 0) step(i, i - n - 1, 1.4142);
        if (x < n - 1) step(i, i - n + 1, 1.4142);
      }
    }
  for (let y = n - 1; y >= 0; y--)
    for (let x = n - 1; x >= 0; x--) {
      const i = y * n + x;
      if (x < n - 1) step(i, i + 1, 1);
      if (y < n - 1) {
        step(i, i + n, 1);
        if (x < n - 1) step(i, i + n + 1, 1.4142);
        if (x > 0) step(i, i + n - 1, 1.4142);
      }
    }
  return d;
}
