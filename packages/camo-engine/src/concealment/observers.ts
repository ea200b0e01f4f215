/**
 * The eyes a design hides from, and what each resolves of a photo (decision 016).
 *
 * - A person: trichromat, acuity about 30 cycles per degree.
 * - A white-tailed deer: dichromat (short-wave cone near 455 nm, middle-wave near 537 nm, no
 *   long-wave cone), acuity 4-6 cycles per degree by behavioural assay (Watson, Cohen, Osborn,
 *   Brown & Miller 2022, American Midland Naturalist 187(1): 90-96; three deer); we take 5.
 *
 * Colour (decision 032): a person's is the photo's sRGB, in CIELAB. A deer's is its own two cones
 * and its luminance, each pixel's catches as the smoothest reflectance with its colour gives them
 * under daylight (vision/pixel-catches.ts): lightness is the human L* function applied to the
 * deer's luminance (its 537 nm cone), by assumption, and colour is one opponent axis, ln(S / M),
 * scaled so that a deer's receptor-noise JND (Vorobyev & Osorio 1998) is as many units as a
 * person's JND is CIEDE2000 units (DEER_JND_UNITS: an untested assumption with a wide spread).
 * Spatial vision: AcuityView's modulation transfer function (Caves & Johnsen 2018),
 * MTF(f) = exp(-3.56 (f * MRA)^2) with f in cycles per degree and MRA = 1 / acuity the minimum
 * resolvable angle in degrees, applied to linear light (or the deer's catches, which are linear in
 * it) in the Fourier domain.
 */
import { viewingDistances, type Observer as ObserverName } from '@camo/shared/vocabulary';
import {
  lightness,
  linearRgbToLab,
  linearToSrgb8,
  rgbToLab,
  SRGB_TO_LINEAR,
  type Lab,
} from '../color/lab.js';
import { csfPeakCpd, csfSensitivity, cutoffCpd, type CsfKind } from '../vision/csf.js';
import type { LightId } from '../vision/illuminants.js';
import { catchesOfLinear, pixelCatchModel } from '../vision/pixel-catches.js';
import { relitModel, relitOfLinear } from '../vision/relit.js';

/** The two eyes by name, as the site names them. */
export type ObserverId = ObserverName;

export interface Observer {
  id: ObserverId;
  label: string;
  /** Finest grating resolved, in cycles per degree. */
  acuityCpd: number;
  /** Seen through the deer's own two cones (decision 032), not a person's three. */
  dichromat: boolean;
  /** The light the scene is seen in (decision 034): daylight unless told. */
  light: LightId;
}

/** The eyes in daylight. */
export const OBSERVERS: readonly Observer[] = [
  { id: 'person', label: 'a person', acuityCpd: 30, dichromat: false, light: 'daylight' },
  { id: 'deer', label: 'a white-tailed deer', acuityCpd: 5, dichromat: true, light: 'daylight' },
];

export function observerById(id: ObserverId): Observer {
  const found = OBSERVERS.find((o) => o.id === id);
  if (!found) throw new Error(`unknown observer ${id}`);
  return found;
}

/**
 * An eye in a light (decision 034). At dawn or dusk its acuity falls as its contrast sensitivity
 * function's full-contrast cutoff does (vision/csf.ts: Barten's at civil twilight's 2.4 cd/m^2,
 * x 0.74 for a person; the deer's, assumed to lose as much, x 0.68): 22 and 3.4 c/deg. Colours are
 * seen under that light: the deer's catches of it, a person's relit colours (vision/relit.ts).
 */
export function observerAt(id: ObserverId, light: LightId): Observer {
  const day = observerById(id);
  if (light === 'daylight') return day;
  const loss = cutoffCpd(id, 'luminance', 1, { light }) / cutoffCpd(id, 'luminance', 1);
  return { ...day, acuityCpd: day.acuityCpd * loss, light };
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

/**
 * The pixels per degree an image needs to hold all an eye resolves: twice (Nyquist) the highest
 * frequency it sees at full contrast, its luminance CSF's cutoff (vision/csf.ts): 89 for a person
 * in daylight, 10 for a deer; 66 and 6.8 at dawn or dusk.
 */
export function nyquistPxPerDeg(observer: Observer): number {
  return 2 * cutoffCpd(observer.id, 'luminance', 1, { light: observer.light });
}

/**
 * The share of a grating's contrast an eye's contrast sensitivity keeps (decision 037): S(f) over
 * S at the CSF's peak above the peak, all of it below (the CSF's low-pass form, which keeps a
 * picture's mean and its broad areas as they are). Luminance CSF, or the chromatic one (low-pass
 * throughout: S(f) / S(0)). In the observer's light: at dawn or dusk the CSF's own shape.
 */
export function csfGain(observer: Observer, kind: CsfKind, cpd: number): number {
  const opts = { light: observer.light };
  const peak = csfPeakCpd(observer.id, kind, opts);
  if (cpd <= peak) return 1;
  return csfSensitivity(observer.id, kind, cpd, opts) / csfSensitivity(observer.id, kind, peak, opts);
}

/** Linear light to 8-bit sRGB by table (LINEAR_STEPS steps: under half a level of error above black). */
const LINEAR_STEPS = 16384;
const LINEAR_TO_SRGB = new Uint8Array(LINEAR_STEPS + 1);
for (let i = 0; i <= LINEAR_STEPS; i++) LINEAR_TO_SRGB[i] = linearToSrgb8(i / LINEAR_STEPS);
const toSrgb8 = (c: number): number =>
  LINEAR_TO_SRGB[Math.round(Math.min(1, Math.max(0, c)) * LINEAR_STEPS)]!;

/**
 * CIEDE2000 units a person's receptor-noise JND (Weber fraction 0.05) spans in the chromatic
 * difference (L* held equal): the median over the pairs of the 24 ColorChecker colours and 48
 * muted greens and browns (decision 032's addendum); a deer's JND is given as many.
 */
export const DEER_JND_UNITS = 1.58;
const WEBER = 0.05;
/** A deer's chromatic JND is |d ln(S/M)| / (omega sqrt 2) (a dichromat's Vorobyev-Osorio distance). */
const DEER_OPPONENT_SCALE = DEER_JND_UNITS / (WEBER * Math.SQRT2);

/** The deer's catches (S, M, luminance) under the observer's light, of linear sRGB. */
const deerModel = (observer: Observer) => pixelCatchModel('deer', observer.light);

/** A deer's colour of its catches: L* on its luminance, its opponent axis as a, b = 0. */
export function deerLab(s: number, m: number, luminance: number): Lab {
  return { L: lightness(luminance), a: DEER_OPPONENT_SCALE * Math.log(s / m), b: 0 };
}

/** One 8-bit sRGB colour's linear planes, as linearPlanes gives a pixel: relit RGB for a person, the deer's catches. */
function seenLinear(observer: Observer, rgb: readonly [number, number, number]): [number, number, number] {
  const r = SRGB_TO_LINEAR[rgb[0] & 255]!;
  const g = SRGB_TO_LINEAR[rgb[1] & 255]!;
  const b = SRGB_TO_LINEAR[rgb[2] & 255]!;
  if (!observer.dichromat && observer.light === 'daylight') return [r, g, b];
  const q: [number, number, number] = [0, 0, 0];
  seenOfLinear(observer)(r, g, b, q);
  return q;
}

/** A linear sRGB colour to the observer's planes: the deer's catches, or a person's colour relit. */
function seenOfLinear(observer: Observer): (r: number, g: number, b: number, out: number[]) => void {
  if (observer.dichromat) {
    const model = deerModel(observer);
    return (r, g, b, out) => catchesOfLinear(model, r, g, b, out);
  }
  const model = relitModel(observer.light);
  return (r, g, b, out) => relitOfLinear(model, r, g, b, out);
}

/** The colour of one 8-bit sRGB colour as the observer sees it (no spatial filtering): CIELAB, or the deer's. */
export function seenColour(observer: Observer, rgb: readonly [number, number, number]): Lab {
  if (!observer.dichromat && observer.light === 'daylight') return rgbToLab(rgb[0], rgb[1], rgb[2]);
  const [p, q, r] = seenLinear(observer, rgb);
  return observer.dichromat
    ? deerLab(p, q, r)
    : linearRgbToLab(Math.min(1, p), Math.min(1, q), Math.min(1, r));
}

/** Its linear luminance (a white's is 1): CIE Y of a person's (relit) colour, the deer's luminance catch. */
export function seenLuminance(observer: Observer, rgb: readonly [number, number, number]): number {
  const [p, q, r] = seenLinear(observer, rgb);
  return observer.dichromat ? r : 0.2126 * p + 0.7152 * q + 0.0722 * r;
}

/** Three planes of linear light: R, G and B for a person; the deer's S, M and luminance catches. */
export type LinearPlanes = [Float32Array, Float32Array, Float32Array];

/** An RGB raster as linear planes, in the observer's receptors. */
export function linearPlanes(observer: Observer, rgb: Uint8Array, count: number): LinearPlanes {
  const r = new Float32Array(count);
  const g = new Float32Array(count);
  const b = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    r[i] = SRGB_TO_LINEAR[rgb[i * 3]!]!;
    g[i] = SRGB_TO_LINEAR[rgb[i * 3 + 1]!]!;
    b[i] = SRGB_TO_LINEAR[rgb[i * 3 + 2]!]!;
  }
  if (observer.dichromat || observer.light !== 'daylight') {
    const seen = seenOfLinear(observer);
    const q = [0, 0, 0];
    for (let i = 0; i < count; i++) {
      seen(r[i]!, g[i]!, b[i]!, q);
      r[i] = q[0]!;
      g[i] = q[1]!;
      b[i] = q[2]!;
    }
  }
  return [r, g, b];
}

/**
 * The observer's planes as a picture a person can look at: a person's as they are; a deer's two
 * cones as blue (S) against yellow (its luminance in red and green), so a grey stays grey and the
 * picture is as light as the deer finds it.
 */
export function shownPlanes(observer: Observer, planes: LinearPlanes): LinearPlanes {
  return observer.dichromat ? [planes[2], planes[2], planes[0]] : planes;
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

/** The colour planes of linear planes (CIELAB, or the deer's: seenColour), a pixel at a time (a filtered image is not 8-bit). */
export function labPlanes(
  planes: LinearPlanes,
  count: number,
  observer: Observer,
): { L: Float32Array; A: Float32Array; B: Float32Array } {
  const L = new Float32Array(count);
  const A = new Float32Array(count);
  const B = new Float32Array(count);
  const [pr, pg, pb] = planes;
  if (observer.dichromat) {
    for (let i = 0; i < count; i++) {
      const lab = deerLab(Math.max(1e-3, pr[i]!), Math.max(1e-3, pg[i]!), Math.min(1, Math.max(0, pb[i]!)));
      L[i] = lab.L;
      A[i] = lab.a;
    }
    return { L, A, B };
  }
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
