/**
 * Contrast sensitivity functions: sensitivity (1 / threshold Michelson contrast) to a sine
 * grating of `cpd` cycles per degree, for a person and a white-tailed deer, luminance and
 * chromatic.
 *
 * Person, luminance: Barten's simplified formula (Barten 2004, "Formula for the contrast
 * sensitivity of the human eye", Proc. SPIE 5294, Image Quality and System Performance: 231-238,
 * doi:10.1117/12.537476;
 * a closed-form fit to the full model of Barten 1999, "Contrast sensitivity of the human eye and
 * its effects on image quality", SPIE Press):
 *
 *   S(u) = 5200 exp(-0.0016 u^2 (1 + 100/L)^0.08)
 *          / sqrt((1 + 144/X0^2 + 0.64 u^2) (63 / L^0.83 + 1 / (1 - exp(-0.02 u^2))))
 *
 * at L = 100 cd/m^2 (a daylit, shaded woodland surface) and a field X0 = 10 degrees. As printed it
 * peaks at about 655 (3.0 c/deg): the best laboratory observer with a fixed, long look. We rescale
 * it (shape kept) to a peak of PERSON_PEAK = 200, a threshold of 0.5 % Michelson, the order of the
 * peak sensitivities Campbell & Robson measured for sine gratings (1968, "Application of Fourier
 * analysis to the visibility of gratings", J Physiol 197(3): 551-566): an assumption that a
 * hunter's glance is nearer their figures than Barten's optimum. Rescaled, the full-contrast
 * cutoff is 44.6 c/deg (51 c/deg unscaled); peak near 3 c/deg.
 *
 * Person, chromatic (red-green): Mullen 1985 ("The contrast sensitivity of human colour vision to
 * red-green and blue-yellow chromatic gratings", J Physiol 359: 381-400) found it low-pass (no
 * low-frequency fall), reaching threshold at the highest contrast she could show near 11-12 c/deg.
 * We take S(f) = PERSON_CHROMATIC_PEAK * exp(-f / f0) with the peak 100 and f0 set so that
 * S(11.5) = 1: a one-parameter low-pass through those two points, read from her figures rather
 * than fitted to digitised data (approximate in shape between the two).
 *
 * Deer: no CSF has been measured. We take the person's shapes, scaled in frequency so that the
 * deer's full-contrast luminance cutoff is its acuity (5 c/deg, Watson et al. 2022, Am Midl Nat
 * 187(1): 90-96) and in height so that its peak is DEER_PEAK (ASSUMPTION: 50, a 2 % threshold;
 * unmeasured, results quoted for 20-200). S_deer(f) = (P_deer / P_person) S_person(f * k), with
 * k = cutoff_person(P_deer / P_person) / 5; its chromatic CSF uses the same k and height ratio.
 *
 * Dawn and dusk (decision 034). Civil twilight with the sun 3 degrees down lights the ground with
 * about TWILIGHT_ILLUMINANCE_LX = 37 lx: the American Meteorological Society's Glossary of
 * Meteorology ("civil twilight") gives a clear evening's horizontal illuminance as about 585-410 lx
 * at sunset and 3.5-2 lx at -6 degrees; 37 lx is the geometric mean of their middles (500, 2.7),
 * illuminance falling about exponentially with the sun's depth. A surface of reflectance
 * SCENE_REFLECTANCE = 0.2 (ASSUMPTION: a mid-grey of woodland and field) then has a luminance
 * rho E / pi = 2.4 cd/m^2. Barten's formula takes the adapting luminance: at 2.4 cd/m^2 against
 * 100 it gives the person a peak of 110 against 200 (x 0.55, near 1.6 c/deg) and a full-contrast
 * cutoff of 33.1 against 44.6 c/deg (x 0.74). The person's chromatic CSF is ASSUMED to lose as
 * much, in height and in frequency (colour vision fails before luminance vision as light falls,
 * so this likely understates its loss). The deer's CSFs at twilight are the person's at twilight
 * through the same k and height ratio: ASSUMED to lose what a person's loses at that luminance (its
 * tapetum lucidum and wide pupil would make the loss smaller; the daylight figures bound it).
 */
import type { ObserverId } from '../concealment/observers.js';
import type { LightId } from './illuminants.js';

export type CsfKind = 'luminance' | 'chromatic';

/** Barten's adapting luminance (cd/m^2) and field size (degrees). */
export const BARTEN_LUMINANCE = 100;
export const BARTEN_FIELD_DEG = 10;
/** The person's peak luminance sensitivity (0.5 % Michelson threshold; Campbell & Robson 1968). */
export const PERSON_PEAK = 200;
/** The person's red-green sensitivity at low frequency, and where it falls to 1 (Mullen 1985). */
export const PERSON_CHROMATIC_PEAK = 100;
export const PERSON_CHROMATIC_CUTOFF = 11.5;
/** ASSUMPTION: the deer's peak luminance sensitivity (unmeasured). */
export const DEER_PEAK = 50;
/** The deer's acuity (c/deg), Watson et al. 2022; the project's observers.ts. */
export const DEER_ACUITY = 5;
/** Civil twilight's horizontal illuminance with the sun 3 degrees down (lx), and the ground's mean reflectance (ASSUMPTION). */
export const TWILIGHT_ILLUMINANCE_LX = 37;
export const SCENE_REFLECTANCE = 0.2;
/** The adapting luminance (cd/m^2) Barten's formula is taken at, per light. */
export function adaptingLuminance(light: LightId): number {
  return light === 'daylight' ? BARTEN_LUMINANCE : (SCENE_REFLECTANCE * TWILIGHT_ILLUMINANCE_LX) / Math.PI;
}

/** Barten (2004) as printed. */
export function bartenSensitivity(u: number, L = BARTEN_LUMINANCE, x0 = BARTEN_FIELD_DEG): number {
  if (u <= 0) return 0;
  const num = 5200 * Math.exp(-0.0016 * u * u * (1 + 100 / L) ** 0.08);
  const den = (1 + 144 / (x0 * x0) + 0.64 * u * u) * (63 / L ** 0.83 + 1 / (1 - Math.exp(-0.02 * u * u)));
  return num / Math.sqrt(den);
}

/** Maximises a unimodal `s` on [lo, hi] by golden section: its arg max. */
function argMax(s: (f: number) => number, lo: number, hi: number): number {
  const g = (Math.sqrt(5) - 1) / 2;
  let a = Math.log(lo);
  let b = Math.log(hi);
  for (let i = 0; i < 80; i++) {
    const c = b - g * (b - a);
    const d = a + g * (b - a);
    if (s(Math.exp(c)) > s(Math.exp(d))) b = d;
    else a = c;
  }
  return Math.exp((a + b) / 2);
}

const BARTEN_PEAK_CPD = argMax((u) => bartenSensitivity(u), 0.1, 60);
const BARTEN_PEAK = bartenSensitivity(BARTEN_PEAK_CPD);

/** A CSF: its sensitivity, and where its peak lies (0 for a low-pass one). */
interface Csf {
  s: (f: number) => number;
  peakCpd: number;
}

/** The highest frequency at which `contrast` is visible: S(f) contrast = 1 above the peak; 0 if never. */
function solveCutoff(csf: Csf, contrast: number): number {
  if (!(contrast > 0)) return 0;
  const lo0 = Math.max(csf.peakCpd, 1e-6);
  if (csf.s(lo0) * contrast < 1) return 0;
  let lo = lo0;
  let hi = Math.max(1, lo0 * 2);
  while (csf.s(hi) * contrast >= 1) {
    lo = hi;
    hi *= 2;
    if (hi > 1e4) return hi;
  }
  for (let i = 0; i < 60; i++) {
    const mid = Math.sqrt(lo * hi);
    if (csf.s(mid) * contrast >= 1) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Barten's peak as rescaled (PERSON_PEAK at daylight); the same factor at every luminance. */
const PERSON_SCALE = PERSON_PEAK / BARTEN_PEAK;
const CHROMATIC_F0 = PERSON_CHROMATIC_CUTOFF / Math.log(PERSON_CHROMATIC_PEAK);

/** The person's CSFs under a light: Barten at its adapting luminance; colour losing as much (see above). */
function personCsfs(light: LightId): Record<CsfKind, Csf> {
  const L = adaptingLuminance(light);
  const luminance: Csf = {
    s: (f) => PERSON_SCALE * bartenSensitivity(f, L),
    peakCpd: argMax((u) => bartenSensitivity(u, L), 0.1, 60),
  };
  const daylightLuminance: Csf = { s: (f) => PERSON_SCALE * bartenSensitivity(f), peakCpd: BARTEN_PEAK_CPD };
  const height = luminance.s(luminance.peakCpd) / PERSON_PEAK;
  const spread = solveCutoff(luminance, 1) / solveCutoff(daylightLuminance, 1);
  return {
    luminance,
    chromatic: {
      s: (f) => (f < 0 ? 0 : height * PERSON_CHROMATIC_PEAK * Math.exp(-f / spread / CHROMATIC_F0)),
      peakCpd: 0,
    },
  };
}

/** The deer's CSFs for an assumed peak luminance sensitivity, under a light. */
function deerCsfs(deerPeak: number, light: LightId): Record<CsfKind, Csf> {
  const ratio = deerPeak / PERSON_PEAK;
  const k = solveCutoff(csfOf('person', 'luminance', deerPeak, 'daylight'), ratio) / DEER_ACUITY;
  const luminance = csfOf('person', 'luminance', deerPeak, light);
  const chromatic = csfOf('person', 'chromatic', deerPeak, light);
  return {
    luminance: { s: (f) => ratio * luminance.s(f * k), peakCpd: luminance.peakCpd / k },
    chromatic: { s: (f) => ratio * chromatic.s(f * k), peakCpd: 0 },
  };
}

const cache = new Map<string, Record<CsfKind, Csf>>();
function csfOf(eye: ObserverId, kind: CsfKind, deerPeak: number, light: LightId): Csf {
  const key = eye === 'person' ? `person:${light}` : `deer:${deerPeak}:${light}`;
  let c = cache.get(key);
  if (!c) {
    c = eye === 'person' ? personCsfs(light) : deerCsfs(deerPeak, light);
    cache.set(key, c);
  }
  return c[kind];
}

/** Options: the deer's assumed peak luminance sensitivity (default DEER_PEAK), and the light (default daylight). */
export interface CsfOptions {
  deerPeak?: number;
  light?: LightId;
}

const of = (eye: ObserverId, kind: CsfKind, opts: CsfOptions): Csf =>
  csfOf(eye, kind, opts.deerPeak ?? DEER_PEAK, opts.light ?? 'daylight');

/** Sensitivity (1 / threshold Michelson contrast) of `eye` to a `kind` grating of `cpd` c/deg. */
export function csfSensitivity(eye: ObserverId, kind: CsfKind, cpd: number, opts: CsfOptions = {}): number {
  return of(eye, kind, opts).s(cpd);
}

/** The frequency of the CSF's peak (0 for the low-pass chromatic CSF). */
export function csfPeakCpd(eye: ObserverId, kind: CsfKind, opts: CsfOptions = {}): number {
  return of(eye, kind, opts).peakCpd;
}

/**
 * The highest spatial frequency (c/deg) at which a grating of Michelson `contrast` is still
 * visible: S(f) * contrast = 1 on the CSF's falling side; 0 when it is below threshold even at
 * the peak. For 'chromatic', `contrast` is in the same units as the sensitivity (see
 * blob-distances.ts for how a colour difference is made one).
 */
export function cutoffCpd(eye: ObserverId, kind: CsfKind, contrast: number, opts: CsfOptions = {}): number {
  return solveCutoff(of(eye, kind, opts), contrast);
}

/** The peak sensitivity of `eye`'s `kind` CSF. */
export function csfPeak(eye: ObserverId, kind: CsfKind, opts: CsfOptions = {}): number {
  const c = of(eye, kind, opts);
  return c.s(Math.max(c.peakCpd, 0));
}
