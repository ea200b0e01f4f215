/**
 * Deer (and, for comparison, human) receptor catches and receptor-noise-limited contrasts from
 * 8-bit sRGB, in daylight and at twilight (decision 032). The concealment predictor sees through
 * the same receptors per pixel (pixel-catches.ts, relit.ts; concealment/observers.ts, decision 034).
 *
 * The route: sRGB -> the smoothest reflectance with that colour under D65 (Burns 2020, `lhtss.ts`)
 * -> catches of each receptor under the light, von Kries adapted (`catches.ts`) -> Vorobyev-Osorio
 * contrasts in JND (`rnl.ts`). The receptors are in `receptors.ts`, the lights in `illuminants.ts`.
 */
import { catchesOfReflectance, type Catches } from './catches.js';
import type { LightId } from './illuminants.js';
import { reflectanceFromSrgb } from './lhtss.js';
import { eyeById, type EyeId } from './receptors.js';
import { contrastOfCatches, type Contrast, type ContrastOptions } from './rnl.js';
import type { Rgb8 } from './srgb.js';

export { reflectanceFromSrgb } from './lhtss.js';
export type { Catches } from './catches.js';
export type { Contrast, ContrastOptions } from './rnl.js';
export type { EyeId } from './receptors.js';
export type { LightId } from './illuminants.js';
export type { Rgb8 } from './srgb.js';

/** An eye's von Kries adapted catches of an 8-bit sRGB colour (read as a reflectance under D65) under a light. */
export function catches(rgb8: Rgb8, eye: EyeId, light: LightId): Catches {
  return catchesOfReflectance(reflectanceFromSrgb(rgb8), eyeById(eye), light);
}

/** Chromatic and achromatic RNL contrast, in JND, between two 8-bit sRGB colours for an eye under a light. */
export function contrast(
  rgbA: Rgb8,
  rgbB: Rgb8,
  eye: EyeId,
  light: LightId,
  options: ContrastOptions = {},
): Contrast {
  return contrastOfCatches(catches(rgbA, eye, light), catches(rgbB, eye, light), options);
}
