import { describe, expect, it } from 'vitest';
import { COLORCHECKER } from './data-colorchecker.js';
import { reflectanceFromSrgb } from './lhtss.js';
import { srgbOfReflectance, type Rgb8 } from './srgb.js';

/** The ColorChecker's sRGB: its measured spectra under D65, rounded to 8 bits (cyan's red clips to 0). */
const CHECKER_SRGB: Rgb8[] = COLORCHECKER.map(
  (p) => srgbOfReflectance(p.reflectance).map(Math.round) as unknown as Rgb8,
);

const GRID: Rgb8[] = [];
for (let r = 0; r <= 255; r += 51)
  for (let g = 0; g <= 255; g += 51) for (let b = 0; b <= 255; b += 51) GRID.push([r, g, b]);

function roundTripError(rgb: Rgb8): number {
  const back = srgbOfReflectance(reflectanceFromSrgb(rgb));
  return Math.max(...back.map((v, i) => Math.abs(v - rgb[i]!)));
}

describe('reflectance from sRGB (Burns 2020, LHTSS)', () => {
  it('round-trips the 24 ColorChecker colours within 1/255', () => {
    const worst = Math.max(...CHECKER_SRGB.map(roundTripError));
    expect(worst).toBeLessThanOrEqual(1);
  });

  it('round-trips a 6 x 6 x 6 grid of the sRGB cube (corners included) within 1/255', () => {
    const worst = Math.max(...GRID.map(roundTripError));
    expect(worst).toBeLessThanOrEqual(1);
  });

  it('keeps every band strictly inside (0, 1)', () => {
    for (const rgb of [...CHECKER_SRGB, ...GRID]) {
      const rho = reflectanceFromSrgb(rgb);
      expect(Math.min(...rho)).toBeGreaterThan(0);
      expect(Math.max(...rho)).toBeLessThan(1);
    }
  });

  it('gives a grey a flat reflectance', () => {
    const rho = reflectanceFromSrgb([128, 128, 128]);
    expect(Math.max(...rho) - Math.min(...rho)).toBeLessThan(1e-6);
  });
});
