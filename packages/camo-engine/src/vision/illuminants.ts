/**
 * The two lights a design is judged under, as relative spectral power (energy) on WAVELENGTHS.
 *
 * - daylight: CIE D65 (data-d65.ts).
 * - twilight: civil twilight, sun 3 degrees below the horizon, measured at a rural site by
 *   Spitschan, Aguirre, Brainard & Sweeney (2016), Scientific Reports 6: 26756 (data-twilight.ts).
 *   Bluer than daylight, with the ozone (Chappuis) trough near 600 nm that Johnsen, Kelber,
 *   Warrant, Sweeney, Widder, Lee & Hernández-Andrés (2006), "Crepuscular and nocturnal
 *   illumination and its effects on color perception by the nocturnal hawkmoth Deilephila
 *   elpenor", Journal of Experimental Biology 209: 789-800, also measured. Only its shape matters
 *   here: every catch is divided by a white's under the same light.
 */
import { D65 } from './data-d65.js';
import { TWILIGHT_CIVIL_MINUS3 } from './data-twilight.js';
import type { Light } from '@camo/shared/vocabulary';
import type { Spectrum } from './grid.js';

/** The vocabulary's lights (packages/shared/src/vocabulary.ts). */
export type LightId = Light;

export function illuminant(light: LightId): Spectrum {
  return light === 'daylight' ? D65 : TWILIGHT_CIVIL_MINUS3;
}
