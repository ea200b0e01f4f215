/**
 * A few flat colours (a design's palette) as an eye sees them under a light: each colour's
 * luminance, for luminance contrast, and a colour in a Lab-like space, for the chromatic
 * difference (concealment/measures.ts chromaticDifference) with lightness held equal.
 *
 * - Person, daylight: CIE Y and CIELAB of the sRGB colour, as everywhere else in the engine.
 * - Person, dawn or dusk (decision 034): the colour relit (relit.ts): its smoothest reflectance
 *   under the measured twilight spectrum, CIE 1931 XYZ adapted to that light's white, at the
 *   mesopic luminance of catches.ts (the Purkinje shift: half CIE ȳ, half the scotopic V′, so
 *   blue-greens gain on reds); then CIELAB and CIE Y of it as in daylight.
 * - Deer, either light: its S and M cone catches and its luminance (M cone in daylight, M cone and
 *   rods at twilight) by pixel-catches.ts, as the predictor's deer (observers.ts): lightness is L*
 *   of that luminance; colour is its one opponent axis, a = K ln(S/M) / (omega sqrt 2), b = 0.
 *
 * The same per-pixel models the predictor's observers use (observers.ts observerAt).
 */
import type { Lab } from '../color/lab.js';
import { observerAt, seenColour, seenLuminance, type ObserverId } from '../concealment/observers.js';
import type { LightId } from './illuminants.js';

export interface SeenColour {
  /** Linear luminance relative to a white's (1) under the same light. */
  luminance: number;
  colour: Lab;
}

/** Each colour of `palette` (8-bit sRGB) as `eye` sees it under `light`. */
export function seenPalette(
  eye: ObserverId,
  light: LightId,
  palette: readonly (readonly [number, number, number])[],
): SeenColour[] {
  const observer = observerAt(eye, light);
  return palette.map((rgb) => ({
    luminance: seenLuminance(observer, rgb),
    colour: seenColour(observer, rgb),
  }));
}
