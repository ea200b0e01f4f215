/**
 * sRGB (IEC 61966-2-1:1999) as a linear function of reflectance under D65: the 3 x 36 matrix T of
 * Burns (2020), linear sRGB = T rho, from the CIE 1931 2-degree colour-matching functions times
 * D65, normalised so Y of a perfect white is 1, then the standard XYZ -> linear sRGB matrix. Each
 * row is then scaled so a perfect white gives exactly (1, 1, 1): on a 10 nm grid it gives
 * (0.9992, 1.0003, 0.9993) before that, a rounding of the tables, not a change of white.
 */
import { XYZ_TO_LINEAR_SRGB } from '../color/lab.js';
import { CIE1931_X, CIE1931_Y, CIE1931_Z } from './data-cie1931.js';
import { D65 } from './data-d65.js';
import { N_BANDS, dot, type Spectrum } from './grid.js';

/** An 8-bit sRGB colour. */
export type Rgb8 = readonly [number, number, number];

function buildT(): number[][] {
  const k = 1 / dot(CIE1931_Y, D65);
  const xyz = [CIE1931_X, CIE1931_Y, CIE1931_Z].map((cmf) =>
    Array.from({ length: N_BANDS }, (_, i) => k * cmf[i]! * D65[i]!),
  );
  return XYZ_TO_LINEAR_SRGB.map((row) => {
    const r = Array.from(
      { length: N_BANDS },
      (_, i) => row[0]! * xyz[0]![i]! + row[1]! * xyz[1]![i]! + row[2]! * xyz[2]![i]!,
    );
    const white = r.reduce((a, b) => a + b, 0);
    return r.map((v) => v / white);
  });
}

/** Linear sRGB of a reflectance under D65: T rho (rows R, G, B). */
export const T_SRGB: readonly (readonly number[])[] = buildT();

/** One 8-bit sRGB channel to linear light (0..1). */
export function srgb8ToLinear(c: number): number {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
}

/** Linear light (0..1, clamped) to an 8-bit sRGB channel, unrounded. */
export function linearToSrgb(c: number): number {
  const v = Math.min(1, Math.max(0, c));
  return 255 * (v <= 0.0031308 ? 12.92 * v : 1.055 * Math.pow(v, 1 / 2.4) - 0.055);
}

/** Linear sRGB of a reflectance under D65. */
export function linearRgbOfReflectance(rho: Spectrum): [number, number, number] {
  return [dot(T_SRGB[0]!, rho), dot(T_SRGB[1]!, rho), dot(T_SRGB[2]!, rho)];
}

/** 8-bit sRGB (unrounded, clamped to 0..255) of a reflectance under D65. */
export function srgbOfReflectance(rho: Spectrum): [number, number, number] {
  const [r, g, b] = linearRgbOfReflectance(rho);
  return [linearToSrgb(r), linearToSrgb(g), linearToSrgb(b)];
}
