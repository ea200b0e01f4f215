/**
 * The eyes a design hides from, and what each resolves of a photo (decision 016).
 *
 * - A person: trichromat, acuity about 30 cycles per degree.
 * - A white-tailed deer: dichromat (short-wave cone near 455 nm, middle-wave near 537 nm, no
 *   long-wave cone), acuity 4-6 cycles per degree by behavioural assay (Watson, Cohen, Osborn,
 *   Brown & Miller 2022, American Midland Naturalist 187(1): 90-96); we take 5.
 *
 * Colour: the deer's is the protan simulation of Machado, Oliveira & Fernandes 2009 (severity 1,
 * in linear sRGB), with each pixel's luminance put back, since a deer's middle-wave cone carries
 * the brightness a person's long and middle cones do. Spatial vision: AcuityView's modulation
 * transfer function (Caves & Johnsen 2018), MTF(f) = exp(-3.56 (f * MRA)^2) with f in cycles per
 * degree and MRA = 1 / acuity the minimum resolvable angle in degrees, applied to linear RGB in
 * the Fourier domain.
 */
import { viewingDistances, type Observer as ObserverName } from '@camo/shared/vocabulary';
import { linearRgbToLab, linearToSrgb8, rgbToLab, SRGB_TO_LINEAR, type Lab } from '../color/lab.js';
import { fft1d, twiddles, type Twiddles } from '../metrics/fft.js';

/** The two eyes by name, as the site names them. */
export type ObserverId = ObserverName;

export interface Observer {
  id: ObserverId;
  label: string;
  /** Finest grating resolved, in cycles per degree. */
  acuityCpd: number;
  /** Red-green distinctions removed (a protan dichromat). */
  dichromat: boolean;
}

export const OBSERVERS: readonly Observer[] = [
  { id: 'person', label: 'a person', acuityCpd: 30, dichromat: false },
  { id: 'deer', label: 'a white-tailed deer', acuityCpd: 5, dichromat: true },
];

export function observerById(id: ObserverId): Observer {
  const found = OBSERVERS.find((o) => o.id === id);
  if (!found) throw new Error(`unknown observer ${id}`);
  return found;
}

/** A photo's horizontal field of view: a phone's main camera (uploads carry no EXIF to read it from). */
export const PHOTO_FOV_DEG = 65;
/** The distances every design is judged at. */
export const DISTANCES_M: readonly number[] = viewingDistances;
/** A target smaller than this (its height in the photo's pixels) is out of range: no score. */
const MIN_TARGET_PX = 8;

export interface ViewGeometry {
  /** The pinhole focal length in pixels, (W / 2) / tan(FOV / 2). */
  focalPx: number;
  /** Pixels per degree at the centre of the photo (the focal length times one degree in radians). */
  pxPerDeg: number;
  /** The target's height in pixels, h / d * focal length. */
  targetPx: number;
  /** The angle it subtends, 2 atan(h / 2d), in degrees. */
  targetDeg: number;
  /** Whether it spans at least MIN_TARGET_PX and at most half the photo's height. */
  inRange: boolean;
}

export function viewGeometry(
  photoWidth: number,
  photoHeight: number,
  heightM: number,
  distanceM: number,
): ViewGeometry {
  const focalPx = photoWidth / 2 / Math.tan(((PHOTO_FOV_DEG / 2) * Math.PI) / 180);
  const targetPx = (heightM / distanceM) * focalPx;
  return {
    focalPx,
    pxPerDeg: (focalPx * Math.PI) / 180,
    targetPx,
    targetDeg: (2 * Math.atan(heightM / (2 * distanceM)) * 180) / Math.PI,
    inRange: targetPx >= MIN_TARGET_PX && targetPx <= photoHeight / 2,
  };
}

/**
 * The point spread of the MTF below, in pixels at `pxPerDeg`: exp(-3.56 (f MRA)^2) is the
 * transform of a Gaussian of sigma = sqrt(7.12) / (2 pi) MRA = 0.4247 MRA.
 */
export function blurSigmaPx(acuityCpd: number, pxPerDeg: number): number {
  return (Math.sqrt(7.12) / (2 * Math.PI)) * (pxPerDeg / acuityCpd);
}

/** AcuityView's modulation transfer: the contrast kept of a grating of `cpd` cycles per degree. */
export function mtf(cpd: number, acuityCpd: number): number {
  const mra = 1 / acuityCpd;
  return Math.exp(-3.56 * (cpd * mra) ** 2);
}

/** Linear light to 8-bit sRGB by table (LINEAR_STEPS steps: under half a level of error above black). */
const LINEAR_STEPS = 16384;
const LINEAR_TO_SRGB = new Uint8Array(LINEAR_STEPS + 1);
for (let i = 0; i <= LINEAR_STEPS; i++) LINEAR_TO_SRGB[i] = linearToSrgb8(i / LINEAR_STEPS);
const toSrgb8 = (c: number): number =>
  LINEAR_TO_SRGB[Math.round(Math.min(1, Math.max(0, c)) * LINEAR_STEPS)]!;

/** Machado, Oliveira & Fernandes 2009, protanopia at severity 1, on linear sRGB (row-major). */
const PROTAN = [0.152286, 1.052583, -0.204868, 0.114503, 0.786281, 0.099216, -0.003882, -0.048116, 1.051998];
const LUMA = [0.2126729, 0.7151522, 0.072175];

/** Linear RGB (0..1) as the observer's colour vision leaves it: unchanged, or protan with its luminance kept. */
function seenLinear(observer: Observer, r: number, g: number, b: number): [number, number, number] {
  if (!observer.dichromat) return [r, g, b];
  const m = PROTAN;
  const sr = Math.max(0, m[0]! * r + m[1]! * g + m[2]! * b);
  const sg = Math.max(0, m[3]! * r + m[4]! * g + m[5]! * b);
  const sb = Math.max(0, m[6]! * r + m[7]! * g + m[8]! * b);
  const y = LUMA[0]! * r + LUMA[1]! * g + LUMA[2]! * b;
  const ys = LUMA[0]! * sr + LUMA[1]! * sg + LUMA[2]! * sb;
  if (ys <= 1e-6) return [y, y, y];
  const k = y / ys;
  return [Math.min(1, sr * k), Math.min(1, sg * k), Math.min(1, sb * k)];
}

/** The CIELAB of one 8-bit sRGB colour as the observer sees it (no spatial filtering). */
export function seenColour(observer: Observer, rgb: readonly [number, number, number]): Lab {
  const [r, g, b] = seenLinear(
    observer,
    SRGB_TO_LINEAR[rgb[0] & 255]!,
    SRGB_TO_LINEAR[rgb[1] & 255]!,
    SRGB_TO_LINEAR[rgb[2] & 255]!,
  );
  return rgbToLab(toSrgb8(r), toSrgb8(g), toSrgb8(b));
}

/** Three planes of linear light (0..1), R, G and B. */
export type LinearPlanes = [Float32Array, Float32Array, Float32Array];

/** An RGB raster as linear planes, in the observer's colour vision. */
export function linearPlanes(observer: Observer, rgb: Uint8Array, count: number): LinearPlanes {
  const r = new Float32Array(count);
  const g = new Float32Array(count);
  const b = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    r[i] = SRGB_TO_LINEAR[rgb[i * 3]!]!;
    g[i] = SRGB_TO_LINEAR[rgb[i * 3 + 1]!]!;
    b[i] = SRGB_TO_LINEAR[rgb[i * 3 + 2]!]!;
  }
  if (observer.dichromat) {
    const m = PROTAN;
    for (let i = 0; i < count; i++) {
      const lr = r[i]!;
      const lg = g[i]!;
      const lb = b[i]!;
      const sr = Math.max(0, m[0]! * lr + m[1]! * lg + m[2]! * lb);
      const sg = Math.max(0, m[3]! * lr + m[4]! * lg + m[5]! * lb);
      const sb = Math.max(0, m[6]! * lr + m[7]! * lg + m[8]! * lb);
      const y = LUMA[0]! * lr + LUMA[1]! * lg + LUMA[2]! * lb;
      const ys = LUMA[0]! * sr + LUMA[1]! * sg + LUMA[2]! * sb;
      const k = ys > 1e-6 ? y / ys : 0;
      r[i] = ys > 1e-6 ? Math.min(1, sr * k) : y;
      g[i] = ys > 1e-6 ? Math.min(1, sg * k) : y;
      b[i] = ys > 1e-6 ? Math.min(1, sb * k) : y;
    }
  }
  return [r, g, b];
}

/** Linear planes back to 8-bit sRGB, three bytes a pixel. */
export function planesToRgb(planes: LinearPlanes, count: number): Uint8Array {
  const out = new Uint8Array(count * 3);
  for (let i = 0; i < count; i++) {
    out[i * 3] = toSrgb8(planes[0][i]!);
    out[i * 3 + 1] = toSrgb8(planes[1][i]!);
    out[i * 3 + 2] = toSrgb8(planes[2][i]!);
  }
  return out;
}

/** CIELAB planes of linear planes, taken on linear light directly (a filtered image has a colour a pixel). */
export function labPlanes(
  planes: LinearPlanes,
  count: number,
): { L: Float32Array; A: Float32Array; B: Float32Array } {
  const L = new Float32Array(count);
  const A = new Float32Array(count);
  const B = new Float32Array(count);
  const [pr, pg, pb] = planes;
  for (let i = 0; i < count; i++) {
    const lab = linearRgbToLab(
      Math.min(1, Math.max(0, pr[i]!)),
      Math.min(1, Math.max(0, pg[i]!)),
      Math.min(1, Math.max(0, pb[i]!)),
    );
    L[i] = lab.L;
    A[i] = lab.a;
    B[i] = lab.b;
  }
  return { L, A, B };
}

/**
 * Filters w x h planes (powers of two) in place by the observer's MTF, for an image of
 * `pxPerDeg` pixels per degree: the gain at (fx, fy) cycles per pixel is
 * exp(-3.56 (|f| * pxPerDeg / acuity)^2). Two planes go through each complex transform (one as the
 * real part, one as the imaginary part): the gain is real and even, so they come back apart.
 */
export function filterByAcuity(
  planes: readonly Float32Array[],
  w: number,
  h: number,
  acuityCpd: number,
  pxPerDeg: number,
): void {
  const gain = gainTable(w, h, acuityCpd, pxPerDeg);
  // Within half a per cent of 1 at every frequency: the observer resolves all this image holds.
  if (gain.every((g) => g > 0.995)) return;
  const fourier = fourierOf(w, h);
  for (let p = 0; p < planes.length; p += 2) {
    const a = planes[p]!;
    const b = planes[p + 1];
    fourier.re.set(a);
    if (b) fourier.im.set(b);
    else fourier.im.fill(0);
    fourier.transform(false);
    for (let i = 0; i < w * h; i++) {
      fourier.re[i]! *= gain[i]!;
      fourier.im[i]! *= gain[i]!;
    }
    fourier.transform(true);
    for (let i = 0; i < w * h; i++) {
      a[i] = fourier.re[i]!;
      if (b) b[i] = fourier.im[i]!;
    }
  }
}

/** The last few gain tables and transforms, keyed by their parameters (a distance's crops share them). */
const gains = new Map<string, Float32Array>();
const fouriers = new Map<string, Fourier2d>();
const CACHE_SIZE = 8;

function remember<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let v = cache.get(key);
  if (v === undefined) {
    v = make();
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, v);
  }
  return v;
}

/** A reusable transform of w x h (not reentrant: callers use it start to end). */
export function fourierOf(w: number, h: number): Fourier2d {
  return remember(fouriers, `${w}x${h}`, () => new Fourier2d(w, h));
}

/** The MTF's gain at each frequency of a w x h transform (unshifted: frequency 0 at index 0). */
function gainTable(w: number, h: number, acuityCpd: number, pxPerDeg: number): Float32Array {
  return remember(gains, `${w}x${h}:${acuityCpd}:${pxPerDeg}`, () =>
    makeGainTable(w, h, acuityCpd, pxPerDeg),
  );
}

function makeGainTable(w: number, h: number, acuityCpd: number, pxPerDeg: number): Float32Array {
  const gain = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const fy = (y <= h / 2 ? y : y - h) / h;
    for (let x = 0; x < w; x++) {
      const fx = (x <= w / 2 ? x : x - w) / w;
      gain[y * w + x] = mtf(Math.hypot(fx, fy) * pxPerDeg, acuityCpd);
    }
  }
  return gain;
}

/** A 2-D complex FFT of w x h (powers of two), rows then columns (through a transpose), in place on re and im. */
export class Fourier2d {
  readonly re: Float64Array;
  readonly im: Float64Array;
  private readonly tre: Float64Array;
  private readonly tim: Float64Array;
  private readonly rowTw: Twiddles;
  private readonly colTw: Twiddles;

  constructor(
    readonly w: number,
    readonly h: number,
  ) {
    if ((w & (w - 1)) !== 0 || (h & (h - 1)) !== 0) throw new RangeError(`${w} x ${h} is not a power of two`);
    this.re = new Float64Array(w * h);
    this.im = new Float64Array(w * h);
    this.tre = new Float64Array(w * h);
    this.tim = new Float64Array(w * h);
    this.rowTw = twiddles(w);
    this.colTw = twiddles(h);
  }

  /** Forward, or inverse (scaled by 1 / (w h)) through the conjugate. */
  transform(inverse: boolean): void {
    const { w, h, re, im, tre, tim } = this;
    const count = w * h;
    if (inverse) for (let i = 0; i < count; i++) im[i] = -im[i]!;
    for (let y = 0; y < h; y++)
      fft1d(re.subarray(y * w, y * w + w), im.subarray(y * w, y * w + w), this.rowTw);
    transpose(re, tre, w, h);
    transpose(im, tim, w, h);
    for (let x = 0; x < w; x++)
      fft1d(tre.subarray(x * h, x * h + h), tim.subarray(x * h, x * h + h), this.colTw);
    transpose(tre, re, h, w);
    transpose(tim, im, h, w);
    if (inverse) {
      const scale = 1 / count;
      for (let i = 0; i < count; i++) {
        re[i] = re[i]! * scale;
        im[i] = -im[i]! * scale;
      }
    }
  }
}

/** `src` (w wide, h tall, row-major) transposed into `dst` (h wide, w tall), in 16 x 16 blocks. */
function transpose(src: Float64Array, dst: Float64Array, w: number, h: number): void {
  const B = 16;
  for (let y0 = 0; y0 < h; y0 += B)
    for (let x0 = 0; x0 < w; x0 += B) {
      const y1 = Math.min(h, y0 + B);
      const x1 = Math.min(w, x0 + B);
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) dst[x * h + y] = src[y * w + x]!;
    }
}
