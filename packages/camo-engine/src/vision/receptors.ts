/**
 * Receptor spectral sensitivities, on WAVELENGTHS, as weights on energy spectra: a catch is
 * sum(R I S) with I in energy units, so quantal templates are multiplied by the wavelength
 * (photons per unit energy are proportional to it; the constant cancels in every ratio we take).
 *
 * A white-tailed deer: a dichromat with a short-wave cone in the region of 450-460 nm (we take
 * 455), a middle-wave cone near 537 nm and rods near 497 nm, all measured by (Jacobs, Deegan, Neitz, Murphy, Miller & Marchinton 1994, "Electrophysiological
 * measurements of spectral mechanisms in the retinas of two cervids: white-tailed deer
 * (Odocoileus virginianus) and fallow deer (Dama dama)", Journal of Comparative Physiology A 174:
 * 551-557). Each is
 * the Govardovskii et al. (2000) A1 template (alpha and beta bands) behind the lens below.
 *
 * A person: the Stockman & Sharpe (2000) 2-degree cone fundamentals (which include the human lens
 * and macular pigment), the CIE 1931 ȳ(λ) for photopic luminance and the CIE 1951 scotopic V'(λ)
 * for rods.
 */
import { SS_L, SS_M, SS_S } from './data-stockman-sharpe.js';
import { CIE1931_Y } from './data-cie1931.js';
import { SCOTOPIC_V } from './data-scotopic.js';
import { WAVELENGTHS, type Spectrum } from './grid.js';

/**
 * The A1 visual-pigment template of Govardovskii, Fyhrquist, Reuter, Kuzmin & Donner (2000),
 * "In search of the visual pigment template", Visual Neuroscience 17: 509-528: relative quantal
 * absorbance at `nm` of a pigment peaking at `lambdaMax`, alpha band plus beta band.
 */
export function govardovskiiA1(nm: number, lambdaMax: number): number {
  const x = lambdaMax / nm;
  const a = 0.8795 + 0.0459 * Math.exp(-((lambdaMax - 300) ** 2) / 11940);
  const alpha =
    1 / (Math.exp(69.7 * (a - x)) + Math.exp(28 * (0.922 - x)) + Math.exp(-14.9 * (1.104 - x)) + 0.674);
  const betaPeak = 189 + 0.315 * lambdaMax;
  const betaWidth = -40.5 + 0.195 * lambdaMax;
  const beta = 0.26 * Math.exp(-(((nm - betaPeak) / betaWidth) ** 2));
  return alpha + beta;
}

/** Deer pigment peaks, nm. */
export const DEER_S_NM = 455;
export const DEER_M_NM = 537;
export const DEER_ROD_NM = 497;

/**
 * The deer's ocular media, modelled as a smooth cut-off: T = 1 / (1 + exp(-(nm - λ50) / w)).
 * No measured lens transmission for Odocoileus was found (Jacobs et al. 1994 found no ultraviolet
 * response in white-tailed deer). Douglas & Jeffery (2014, Proc. R.
 * Soc. B 281: 20132995) found UVA-transmitting lenses widespread among mammals (the okapi, an
 * ungulate, among them); Hogg et al. (2011, J. Exp. Biol. 214: 2014-2019) found the reindeer's
 * cornea and lens pass UV; Tsukahara, Tani, Kikuchi & Sugita (2014, J. Vet. Med. Sci. 76(1): 93-95) found
 * pig and rabbit lenses pass over half from 390 nm. λ50 = 370 nm, w = 10 nm, is our assumption between
 * those. On this 380-730 nm grid it matters only below 420 nm: λ50 at 350 or 390 nm instead
 * moves the S cone's catches of the 24 ColorChecker patches by at most 0.5 % or 1.7 % (decision 032).
 */
export const DEER_LENS_LAMBDA50 = 370;
export const DEER_LENS_WIDTH = 10;

export function deerLens(nm: number, lambda50 = DEER_LENS_LAMBDA50): number {
  return 1 / (1 + Math.exp(-(nm - lambda50) / DEER_LENS_WIDTH));
}

/** A deer receptor's weight on energy spectra: template x lens x wavelength (quanta per energy). */
export function deerSensitivity(lambdaMax: number, lambda50 = DEER_LENS_LAMBDA50): number[] {
  return WAVELENGTHS.map((nm) => govardovskiiA1(nm, lambdaMax) * deerLens(nm, lambda50) * nm);
}

export type EyeId = 'deer' | 'person';

export interface Eye {
  id: EyeId;
  /** Cone classes, shortest first: deer [S, M]; person [S, M, L]. */
  cones: readonly { name: string; sensitivity: Spectrum }[];
  /** The photopic luminance (achromatic) channel: deer M cone; person CIE ȳ. */
  photopic: Spectrum;
  /** Rods. */
  rod: Spectrum;
}

/** The eye with the deer's lens at `lambda50` (default DEER_LENS_LAMBDA50). */
export function deerEye(lambda50 = DEER_LENS_LAMBDA50): Eye {
  const s = deerSensitivity(DEER_S_NM, lambda50);
  const m = deerSensitivity(DEER_M_NM, lambda50);
  return {
    id: 'deer',
    cones: [
      { name: 'S', sensitivity: s },
      { name: 'M', sensitivity: m },
    ],
    photopic: m,
    rod: deerSensitivity(DEER_ROD_NM, lambda50),
  };
}

export const DEER: Eye = deerEye();

export const PERSON: Eye = {
  id: 'person',
  cones: [
    { name: 'S', sensitivity: SS_S },
    { name: 'M', sensitivity: SS_M },
    { name: 'L', sensitivity: SS_L },
  ],
  photopic: CIE1931_Y,
  rod: SCOTOPIC_V,
};

export function eyeById(id: EyeId): Eye {
  return id === 'deer' ? DEER : PERSON;
}
