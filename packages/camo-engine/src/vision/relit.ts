/**
 * A colour as a person sees it under another light, as linear sRGB, so the rest of the engine
 * (CIELAB, CIEDE2000, the viewer) takes it unchanged (decision 034). Of the colour's smoothest
 * reflectance (lhtss.ts) under the light: CIE 1931 XYZ, each divided by a white's under the same
 * light and multiplied by D65's white (the von Kries-like normalisation CIELAB itself makes: a grey
 * stays grey), then scaled to the person's luminance under that light (catches.ts: at twilight the
 * mesopic mix of CIE ȳ and V′, the Purkinje shift), then the standard XYZ to linear sRGB matrix.
 * Under D65 it gives back the colour (within the 10 nm grid's rounding).
 *
 * Per pixel it is a root-polynomial regression fitted on those colours (pixel-catches.ts), made
 * once a thread on first use.
 */
import { catchesOfReflectance } from './catches.js';
import { XYZ_TO_LINEAR_SRGB } from '../color/lab.js';
import { CIE1931_X, CIE1931_Y, CIE1931_Z } from './data-cie1931.js';
import { dot, type Spectrum } from './grid.js';
import { illuminant, type LightId } from './illuminants.js';
import { reflectanceFromSrgb } from './lhtss.js';
import { catchesOfLinear, fitRegression, type PixelCatchModel } from './pixel-catches.js';
import { PERSON } from './receptors.js';

const D65_WHITE = [0.95047, 1, 1.08883];

/** A reflectance's XYZ under `light`, each divided by a white's (so a white is 1, 1, 1), and its luminance there. */
function adaptedXyzAndLuminance(rho: Spectrum, light: LightId): number[] {
  const ill = illuminant(light);
  const xyz = [CIE1931_X, CIE1931_Y, CIE1931_Z].map((cmf) => dot(rho, ill, cmf) / dot(ill, cmf));
  return [...xyz, catchesOfReflectance(rho, PERSON, light).luminance];
}

/** Adapted XYZ and luminance to linear sRGB: D65's white, scaled to the luminance, written into `out`. */
function toLinearRgb(q: ArrayLike<number>, out: number[] | Float32Array, offset = 0): void {
  const k = q[1]! > 1e-6 ? q[3]! / q[1]! : 1;
  const x = k * q[0]! * D65_WHITE[0]!;
  const y = k * q[1]!;
  const z = k * q[2]! * D65_WHITE[2]!;
  for (let c = 0; c < 3; c++) {
    const row = XYZ_TO_LINEAR_SRGB[c]!;
    out[offset + c] = row[0]! * x + row[1]! * y + row[2]! * z;
  }
}

/** Linear sRGB of a reflectance as a person sees it under `light`, adapted to it. */
export function relitLinearRgb(rho: Spectrum, light: LightId): [number, number, number] {
  const out: [number, number, number] = [0, 0, 0];
  toLinearRgb(adaptedXyzAndLuminance(rho, light), out);
  return out;
}

const models = new Map<LightId, PixelCatchModel>();

/**
 * The fitted regression from linear sRGB to the adapted XYZ and the luminance under `light`: four
 * catch-like channels, each a fixed weighting of the reflectance, which the regression follows
 * closely (as it does the deer's catches); the relit colour is made of them (relitOfLinear).
 */
export function relitModel(light: LightId): PixelCatchModel {
  let model = models.get(light);
  if (!model) {
    model = fitRegression((rgb) => adaptedXyzAndLuminance(reflectanceFromSrgb(rgb), light));
    models.set(light, model);
  }
  return model;
}

const scratch = [0, 0, 0, 0];

/** One linear sRGB colour relit, by the fitted model: written into `out` from `offset`. */
export function relitOfLinear(
  model: PixelCatchModel,
  r: number,
  g: number,
  b: number,
  out: number[] | Float32Array,
  offset = 0,
): void {
  catchesOfLinear(model, r, g, b, scratch);
  toLinearRgb(scratch, out, offset);
}
