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
import { rgbToLab, type Lab } from '../color/lab.js';
import { fft1d, twiddles, type Twiddles } from '../metrics/fft.js';

export type ObserverId = 'person' | 'deer';

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

/** AcuityView's modulation transfer: the contrast kept of a grating of `cpd` cycles per degree. */
export function mtf(cpd: number, acuityCpd: number): number {
  const mra = 1 / acuityCpd;
  return Math.exp(-3.56 * (cpd * mra) ** 2);
}

const SRGB_TO_LINEAR = new Float32Array(256);
for (let i = 0; i < 256; i++) {
  const c = i / 255;
  SRGB_TO_LINEAR[i] = c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
}
/** Linear light to 8-bit sRGB by table (LINEAR_STEPS steps: under half a level of error above black). */
const LINEAR_STEPS = 16384;
const LINEAR_TO_SRGB = new Uint8Array(LINEAR_STEPS + 1);
for (let i = 0; i <= LINEAR_STEPS; i++) {
  const c = i / LINEAR_STEPS;
  const v = c <= 0.0031308 ? 12.92 * c : 1.055 * Math.pow(c, 1 / 2.4) - 0.055;
  LINEAR_TO_SRGB[i] = Math.round(Math.min(1, Math.max(0, v)) * 255);
}
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
  const fourier = new Fourier2d(w, h);
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

/** The MTF's gain at each frequency of a w x h transform (unshifted: frequency 0 at index 0). */
function gainTable(w: number, h: number, acuityCpd: number, pxPerDeg: number): Float32Array {
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

/** A 2-D complex FFT of w x h (powers of two), rows then columns, in place on re and im. */
export class Fourier2d {
  readonly re: Float64Array;
  readonly im: Float64Array;
  private readonly rowTw: Twiddles;
  private readonly colTw: Twiddles;
  private readonly rowRe: Float64Array;
  private readonly rowIm: Float64Array;
  private readonly colRe: Float64Array;
  private readonly colIm: Float64Array;

  constructor(
    readonly w: number,
    readonly h: number,
  ) {
    if ((w & (w - 1)) !== 0 || (h & (h - 1)) !== 0) throw new RangeError(`${w} x ${h} is not a power of two`);
    this.re = new Float64Array(w * h);
    this.im = new Float64Array(w * h);
    this.rowTw = twiddles(w);
    this.colTw = twiddles(h);
    this.rowRe = new Float64Array(w);
    this.rowIm = new Float64Array(w);
    this.colRe = new Float64Array(h);
    this.colIm = new Float64Array(h);
  }

  /** Forward, or inverse (scaled by 1 / (w h)) through the conjugate. */
  transform(inverse: boolean): void {
    const { w, h, re, im } = this;
    const sign = inverse ? -1 : 1;
    for (let y = 0; y < h; y++) {
      const o = y * w;
      for (let x = 0; x < w; x++) {
        this.rowRe[x] = re[o + x]!;
        this.rowIm[x] = sign * im[o + x]!;
      }
      fft1d(this.rowRe, this.rowIm, this.rowTw);
      re.set(this.rowRe, o);
      im.set(this.rowIm, o);
    }
    const scale = inverse ? 1 / (w * h) : 1;
    for (let x = 0; x < w; x++) {
      for (let y = 0; y < h; y++) {
        this.colRe[y] = re[y * w + x]!;
        this.colIm[y] = im[y * w + x]!;
      }
      fft1d(this.colRe, this.colIm, this.colTw);
      for (let y = 0; y < h; y++) {
        re[y * w + x] = this.colRe[y]! * scale;
        im[y * w + x] = sign * this.colIm[y]! * scale;
      }
    }
  }
}
