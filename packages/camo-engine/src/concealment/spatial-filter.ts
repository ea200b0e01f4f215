/**
 * An eye's spatial filters in the Fourier domain: AcuityView's MTF (decision 016) and the contrast
 * sensitivity filters of decision 037, on planes whose sides are powers of two, with the 2-D
 * transform they share.
 */
import { fft1d, twiddles, type Twiddles } from '../metrics/fft.js';
import type { CsfKind } from '../vision/csf.js';
import { csfGain, mtf, type Observer } from './observers.js';

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
  const gain = remember(gains, `${w}x${h}:mtf:${acuityCpd}:${pxPerDeg}`, () =>
    makeGainTable(w, h, (f) => mtf(f * pxPerDeg, acuityCpd)),
  );
  filterPairs(planes, w, h, gain);
}

/** The observer's CSF gain (csfGain) at each frequency of a w x h transform at `pxPerDeg`. */
export function csfTable(
  w: number,
  h: number,
  observer: Observer,
  kind: CsfKind,
  pxPerDeg: number,
): Float32Array {
  return remember(gains, `${w}x${h}:csf:${observer.id}:${observer.light}:${kind}:${pxPerDeg}`, () =>
    makeGainTable(w, h, (f) => csfGain(observer, kind, f * pxPerDeg)),
  );
}

/** A gain table of w x h made once under `key` (makeGainTable: of cycles per pixel). */
export function gainTable(
  key: string,
  w: number,
  h: number,
  gainOf: (cyclesPerPx: number) => number,
): Float32Array {
  return remember(gains, `${w}x${h}:${key}`, () => makeGainTable(w, h, gainOf));
}

/**
 * Two planes filtered by two gains (real and even, so each plane's transform is recovered from
 * their joint one: A(f) = (X(f) + X*(-f)) / 2, B(f) = (X(f) - X*(-f)) / 2i), in one complex
 * transform and its inverse; `b` may be absent.
 */
export function filterTwo(
  a: Float32Array,
  b: Float32Array | undefined,
  w: number,
  h: number,
  ga: Float32Array,
  gb: Float32Array,
): void {
  const fourier = fourierOf(w, h);
  const { re, im } = fourier;
  re.set(a);
  if (b) im.set(b);
  else im.fill(0);
  fourier.transform(false);
  const outRe = new Float64Array(w * h);
  const outIm = new Float64Array(w * h);
  for (let y = 0; y < h; y++) {
    const ny = ((h - y) % h) * w;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const j = ny + ((w - x) % w);
      const plus = (ga[i]! + gb[i]!) / 2;
      const minus = (ga[i]! - gb[i]!) / 2;
      // Y(f) = X(f) (ga + gb) / 2 + X*(-f) (ga - gb) / 2
      outRe[i] = re[i]! * plus + re[j]! * minus;
      outIm[i] = im[i]! * plus - im[j]! * minus;
    }
  }
  re.set(outRe);
  im.set(outIm);
  fourier.transform(true);
  for (let i = 0; i < w * h; i++) {
    a[i] = re[i]!;
    if (b) b[i] = im[i]!;
  }
}

/** Planes filtered by one gain table, two to a complex transform. */
function filterPairs(planes: readonly Float32Array[], w: number, h: number, gain: Float32Array): void {
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
const CACHE_SIZE = 16;

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

/** Radial steps a gain is tabulated at, from 0 to the corner's sqrt(2) / 2 cycles per pixel. */
const RADIAL_STEPS = 4096;

/**
 * A gain at each frequency of a w x h transform (unshifted: frequency 0 at index 0), of cycles per
 * pixel: tabulated along the radius and read by linear interpolation (a CSF costs a microsecond).
 */
function makeGainTable(w: number, h: number, gainOf: (cyclesPerPx: number) => number): Float32Array {
  const top = Math.SQRT1_2;
  const radial = new Float64Array(RADIAL_STEPS + 2);
  for (let i = 0; i <= RADIAL_STEPS + 1; i++) radial[i] = gainOf((i / RADIAL_STEPS) * top);
  const gain = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const fy = (y <= h / 2 ? y : y - h) / h;
    for (let x = 0; x < w; x++) {
      const fx = (x <= w / 2 ? x : x - w) / w;
      const at = (Math.hypot(fx, fy) / top) * RADIAL_STEPS;
      const i = Math.floor(at);
      gain[y * w + x] = radial[i]! + (at - i) * (radial[i + 1]! - radial[i]!);
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
