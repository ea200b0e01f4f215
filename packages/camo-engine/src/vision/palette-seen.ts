/**
 * A few flat colours (a design's palette) as an eye sees them under a light: each colour's
 * luminance, for luminance contrast, and a colour in a Lab-like space, for the chromatic
 * difference (concealment/measures.ts chromaticDifference) with lightness held equal.
 *
 * - Person, daylight: CIE Y and CIELAB of the sRGB colour, as everywhere else in the engine.
 * - Person, dawn or dusk (decision 034): the colour's smoothest reflectance (lhtss.ts) under the
 *   measured twilight spectrum. Luminance is the mesopic mix of catches.ts (the Purkinje shift: half
 *   CIE ȳ, half the scotopic V′, so blue-greens gain on reds); colour is CIELAB of the CIE 1931 XYZ
 *   under that light, with the light's own white as CIELAB's reference white (the von Kries-like
 *   normalisation CIELAB is built on: a grey stays grey in the bluer light).
 * - Deer, either light: its S and M cone catches and its luminance (M cone in daylight, M cone and
 *   rods at twilight) by pixel-catches.ts, as the predictor's deer (observers.ts): lightness is L*
 *   of that luminance; colour is its one opponent axis, a = K ln(S/M) / (omega sqrt 2), b = 0.
 */
import { rgbToLab, SRGB_TO_LINEAR, type Lab } from '../color/lab.js';
import { deerLab, type ObserverId } from '../concealment/observers.js';
import { catchesOfReflectance, MESOPIC_M } from './catches.js';
import { CIE1931_X, CIE1931_Y, CIE1931_Z } from './data-cie1931.js';
import { dot } from './grid.js';
import { illuminant, type LightId } from './illuminants.js';
import { reflectanceFromSrgb } from './lhtss.js';
import { catchesOfLinear, pixelCatchModel } from './pixel-catches.js';
import { PERSON } from './receptors.js';

export interface SeenColour {
  /** Linear luminance relative to a white's (1) under the same light. */
  luminance: number;
  colour: Lab;
}

/** CIELAB's f, with its linear toe. */
const f = (t: number): number => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);

function personAtTwilight(rgb: readonly [number, number, number]): SeenColour {
  const rho = reflectanceFromSrgb(rgb);
  const light = illuminant('twilight');
  const luminance = catchesOfReflectance(rho, PERSON, 'twilight', MESOPIC_M).luminance;
  const [x, y, z] = [CIE1931_X, CIE1931_Y, CIE1931_Z].map((cmf) => dot(rho, light, cmf) / dot(light, cmf));
  const fy = f(y!);
  return { luminance, colour: { L: 116 * fy - 16, a: 500 * (f(x!) - fy), b: 200 * (fy - f(z!)) } };
}

/** Each colour of `palette` (8-bit sRGB) as `eye` sees it under `light`. */
export function seenPalette(
  eye: ObserverId,
  light: LightId,
  palette: readonly (readonly [number, number, number])[],
): SeenColour[] {
  if (eye === 'person')
    return palette.map((rgb) => {
      if (light === 'twilight') return personAtTwilight(rgb);
      const [r, g, b] = rgb.map((c) => SRGB_TO_LINEAR[c & 255]!) as [number, number, number];
      return { luminance: 0.2126 * r + 0.7152 * g + 0.0722 * b, colour: rgbToLab(rgb[0], rgb[1], rgb[2]) };
    });
  const model = pixelCatchModel('deer', light);
  const q = [0, 0, 0];
  return palette.map((rgb) => {
    catchesOfLinear(
      model,
      SRGB_TO_LINEAR[rgb[0] & 255]!,
      SRGB_TO_LINEAR[rgb[1] & 255]!,
      SRGB_TO_LINEAR[rgb[2] & 255]!,
      q,
    );
    return { luminance: q[2]!, colour: deerLab(q[0]!, q[1]!, q[2]!) };
  });
}
