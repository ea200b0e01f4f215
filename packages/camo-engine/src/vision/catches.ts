/**
 * Receptor catches, Q_i = sum over wavelength of R(λ) I(λ) S_i(λ), von Kries adapted to the light:
 * each divided by the catch of a perfect white (R = 1) under the same light, so a white is 1 in
 * every channel whatever the light.
 *
 * Luminance (the achromatic channel): in daylight the photopic channel (deer: the M cone; person:
 * CIE ȳ). At twilight a mesopic mix, L = m Q_photopic + (1 - m) Q_rod, in the spirit of CIE 191:2010
 * ("Recommended system for mesopic photometry based on visual performance"), V_mes = m V + (1 - m) V'.
 * The weight m = MESOPIC_M = 0.5 is our assumption, not a measurement: CIE 191 sets m from the
 * adaptation luminance (1 at 5 cd/m² and above, 0 at 0.005 cd/m² and below), and civil-twilight
 * ground is well inside that range; the deer's M cone and rods are given the person's form.
 */
import { dot, type Spectrum } from './grid.js';
import { illuminant, type LightId } from './illuminants.js';
import type { Eye } from './receptors.js';

export const MESOPIC_M = 0.5;

export interface Catches {
  /** Cone catches, von Kries adapted, in the eye's order (shortest first). */
  cones: number[];
  /** Rod catch, von Kries adapted. */
  rod: number;
  /** The achromatic channel: photopic in daylight, mesopic at twilight. */
  luminance: number;
}

/** The eye's catches of a reflectance under a light. */
export function catchesOfReflectance(rho: Spectrum, eye: Eye, light: LightId, mesopicM = MESOPIC_M): Catches {
  const ill = illuminant(light);
  const adapted = (s: Spectrum): number => dot(rho, ill, s) / dot(ill, s);
  const cones = eye.cones.map((c) => adapted(c.sensitivity));
  const rod = adapted(eye.rod);
  const photopic = adapted(eye.photopic);
  const luminance = light === 'daylight' ? photopic : mesopicM * photopic + (1 - mesopicM) * rod;
  return { cones, rod, luminance };
}
