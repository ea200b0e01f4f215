/**
 * Known truth from spectra: the ColorChecker's 24 measured reflectances (Ohta 1997) against the
 * same patches through the sRGB route (measured spectrum -> 8-bit sRGB under D65 -> smoothest
 * reflectance -> catches). Figures at the time of writing (decision 032):
 *
 * | eye, light       | Spearman S / M (/ L) | rods   | chromatic within 1 JND | achromatic within 1 JND |
 * | deer, daylight   | 0.9983 / 0.9991      | 0.9939 | 275 / 276 (99.6 %)     | 267 / 276 (96.7 %)      |
 * | deer, twilight   | 0.9974 / 0.9948      | 0.9922 | 276 / 276 (100 %)      | 204 / 276 (73.9 %)      |
 * | person, daylight | 0.9991 / 1 / 0.9991  | 0.9948 | 275 / 276 (99.6 %)     | 276 / 276 (100 %)       |
 * | person, twilight | 0.9983 / 0.9991 / 0.9983 | 0.9922 | 270 / 276 (97.8 %) | 228 / 276 (82.6 %)      |
 *
 * (ω = 0.05. The deer's twilight achromatic channel is half rods, whose catch of a reflectance
 * rebuilt under D65 but seen under a bluer light strays furthest: it misses the 90 % bound, and the
 * test below records that rather than loosening it.)
 */
import { describe, expect, it } from 'vitest';
import { catchesOfReflectance, type Catches } from './catches.js';
import { COLORCHECKER } from './data-colorchecker.js';
import type { LightId } from './illuminants.js';
import { reflectanceFromSrgb } from './lhtss.js';
import { DEER, PERSON, type Eye } from './receptors.js';
import { contrastOfCatches } from './rnl.js';
import { srgbOfReflectance, type Rgb8 } from './srgb.js';

function ranks(x: readonly number[]): number[] {
  const order = x.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const r = new Array<number>(x.length);
  order.forEach(([, i], k) => (r[i] = k));
  return r;
}

/** Spearman's rank correlation (no ties among these catches). */
function spearman(a: readonly number[], b: readonly number[]): number {
  const ra = ranks(a);
  const rb = ranks(b);
  const n = a.length;
  let d2 = 0;
  for (let i = 0; i < n; i++) d2 += (ra[i]! - rb[i]!) ** 2;
  return 1 - (6 * d2) / (n * (n * n - 1));
}

const rebuilt = COLORCHECKER.map((p) =>
  reflectanceFromSrgb(srgbOfReflectance(p.reflectance).map(Math.round) as unknown as Rgb8),
);

function both(eye: Eye, light: LightId): { measured: Catches[]; viaSrgb: Catches[] } {
  return {
    measured: COLORCHECKER.map((p) => catchesOfReflectance(p.reflectance, eye, light)),
    viaSrgb: rebuilt.map((r) => catchesOfReflectance(r, eye, light)),
  };
}

/** Spearman between the measured and the sRGB route's catches, for each cone (shortest first) and then the rods. */
function rankAgreement(eye: Eye, light: LightId): number[] {
  const { measured, viaSrgb } = both(eye, light);
  const channels: ((c: Catches) => number)[] = [
    ...eye.cones.map((_, k) => (c: Catches) => c.cones[k]!),
    (c) => c.rod,
  ];
  return channels.map((of) => spearman(measured.map(of), viaSrgb.map(of)));
}

/** Of the 276 pairs, how many have the sRGB route's contrast within 1 JND of the measured one. */
function pairsWithin1Jnd(eye: Eye, light: LightId): { chromatic: number; achromatic: number } {
  const { measured, viaSrgb } = both(eye, light);
  let chromatic = 0;
  let achromatic = 0;
  for (let i = 0; i < 24; i++)
    for (let j = i + 1; j < 24; j++) {
      const m = contrastOfCatches(measured[i]!, measured[j]!);
      const s = contrastOfCatches(viaSrgb[i]!, viaSrgb[j]!);
      if (Math.abs(m.chromatic - s.chromatic) <= 1) chromatic++;
      if (Math.abs(m.achromatic - s.achromatic) <= 1) achromatic++;
    }
  return { chromatic, achromatic };
}

describe('deer catches of the ColorChecker: sRGB route against measured spectra', () => {
  for (const light of ['daylight', 'twilight'] as const) {
    it(`ranks the 24 patches alike for S, M and rods in ${light} (Spearman >= 0.9; 0.997-0.998, 0.995-0.999, 0.992-0.994)`, () => {
      for (const r of rankAgreement(DEER, light)) expect(r).toBeGreaterThanOrEqual(0.9);
    });
  }

  it('keeps daylight RNL contrasts within 1 JND on >= 90 % of the 276 pairs (chromatic 275, achromatic 267)', () => {
    const n = pairsWithin1Jnd(DEER, 'daylight');
    expect(n.chromatic / 276).toBeGreaterThanOrEqual(0.9);
    expect(n.achromatic / 276).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps twilight chromatic contrasts within 1 JND on >= 90 % of the pairs (276 of 276)', () => {
    expect(pairsWithin1Jnd(DEER, 'twilight').chromatic / 276).toBeGreaterThanOrEqual(0.9);
  });

  // Known shortfall, recorded rather than loosened: 204 of 276 (73.9 %). `it.fails` passes while the
  // bound is missed, and fails (asking for this note to change) once it is met.
  it.fails(
    'keeps twilight achromatic (mesopic) contrasts within 1 JND on >= 90 % of the pairs: it does not (204 / 276)',
    () => {
      expect(pairsWithin1Jnd(DEER, 'twilight').achromatic / 276).toBeGreaterThanOrEqual(0.9);
    },
  );
});

describe('person catches of the ColorChecker, for comparison', () => {
  it('ranks the patches alike for S, M, L and rods in daylight (Spearman >= 0.9)', () => {
    for (const r of rankAgreement(PERSON, 'daylight')) expect(r).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps daylight RNL contrasts within 1 JND on >= 90 % of the pairs (chromatic 275, achromatic 276)', () => {
    const n = pairsWithin1Jnd(PERSON, 'daylight');
    expect(n.chromatic / 276).toBeGreaterThanOrEqual(0.9);
    expect(n.achromatic / 276).toBeGreaterThanOrEqual(0.9);
  });
});
