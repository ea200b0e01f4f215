/**
 * Blaze orange on vegetation, and what twilight does to long-wave colours. Blaze orange is the
 * sRGB #FF6700 of decision 016, through the smoothest reflectance (no shippable spectrum of blaze
 * orange fabric was found; real blaze orange fluoresces, which no reflectance from sRGB can show).
 * The vegetation is measured (USGS, data-vegetation.ts). ω = 0.05. Figures at the time of writing
 * (decision 032), in JND, chromatic / achromatic:
 *
 * | blaze orange on     | deer, day     | person, day   | deer, twilight | person, twilight |
 * | green grass         | 14.75 / 19.88 | 24.38 / 29.00 | 12.96 / 12.11  | 23.09 / 20.35    |
 * | dry grass           | 18.07 / 16.14 | 27.49 / 24.73 | 16.17 / 7.21   | 26.12 / 15.56    |
 * | dead plant (litter) | 16.84 / 5.56  | 25.53 / 13.76 | 15.04 / 2.85   | 24.27 / 5.16     |
 *
 * Luminance of blaze orange over green grass: deer 2.70 by day, 1.83 at twilight; person 4.26, 2.77.
 */
import { describe, expect, it } from 'vitest';
import { catchesOfReflectance } from './catches.js';
import { COLORCHECKER } from './data-colorchecker.js';
import { DEAD_PLANT, DRY_GRASS, GREEN_GRASS } from './data-vegetation.js';
import { onGrid, type Spectrum } from './grid.js';
import type { LightId } from './illuminants.js';
import { contrast, reflectanceFromSrgb } from './index.js';
import { DEER, PERSON, type Eye } from './receptors.js';
import { contrastOfCatches } from './rnl.js';
import { srgbOfReflectance, type Rgb8 } from './srgb.js';

const BLAZE = reflectanceFromSrgb([255, 103, 0]);
const GRASS = onGrid(GREEN_GRASS, 380);
const DRY = onGrid(DRY_GRASS, 380);
const LITTER = onGrid(DEAD_PLANT, 380);
const patch = (name: string): Spectrum => COLORCHECKER.find((p) => p.name === name)!.reflectance;

function jnd(a: Spectrum, b: Spectrum, eye: Eye, light: LightId, weber?: number) {
  return contrastOfCatches(catchesOfReflectance(a, eye, light), catchesOfReflectance(b, eye, light), {
    weber,
  });
}

/** Luminance of `a` over that of `b`, for an eye under a light. */
function lumRatio(a: Spectrum, b: Spectrum, eye: Eye, light: LightId): number {
  return catchesOfReflectance(a, eye, light).luminance / catchesOfReflectance(b, eye, light).luminance;
}

describe('blaze orange on vegetation, in daylight', () => {
  for (const [name, ground] of [
    ['green grass', GRASS],
    ['dry grass', DRY],
    ['dead plant matter', LITTER],
  ] as const) {
    it(`gives a deer less achromatic and less chromatic contrast than a person on ${name}`, () => {
      const deer = jnd(BLAZE, ground, DEER, 'daylight');
      const person = jnd(BLAZE, ground, PERSON, 'daylight');
      expect(deer.achromatic).toBeLessThan(person.achromatic);
      expect(deer.chromatic).toBeLessThan(person.chromatic);
    });
  }

  // "Far lower" was the expectation; the receptor-noise model does not bear it out: blaze orange
  // has a much lower S/M ratio than green grass, and that is a colour difference to a dichromat.
  // Recorded, not loosened: `it.fails` passes while the deer's figure is over half the person's.
  it.fails(
    "gives a deer under half a person's chromatic contrast on green grass: it does not (14.75 / 24.38 = 0.61)",
    () => {
      const deer = jnd(BLAZE, GRASS, DEER, 'daylight');
      const person = jnd(BLAZE, GRASS, PERSON, 'daylight');
      expect(deer.chromatic).toBeLessThan(0.5 * person.chromatic);
    },
  );

  it('agrees through the sRGB API, and scales as 1/ω (ω 0.05 -> 0.2 divides by 4)', () => {
    const grassRgb = srgbOfReflectance(GRASS).map(Math.round) as unknown as Rgb8;
    const viaApi = contrast([255, 103, 0], grassRgb, 'deer', 'daylight');
    const direct = jnd(BLAZE, GRASS, DEER, 'daylight');
    expect(Math.abs(viaApi.chromatic - direct.chromatic)).toBeLessThan(1);
    expect(Math.abs(viaApi.achromatic - direct.achromatic)).toBeLessThan(1);
    expect(jnd(BLAZE, GRASS, DEER, 'daylight', 0.2).chromatic).toBeCloseTo(direct.chromatic / 4, 9);
  });
});

describe('the sRGB route on measured vegetation, for a deer in daylight', () => {
  for (const [name, ground] of [
    ['green grass', GRASS],
    ['dry grass', DRY],
    ['dead plant matter', LITTER],
  ] as const) {
    it(`puts ${name} rebuilt from its sRGB within 1 JND of the measured spectrum (at most 0.47)`, () => {
      const rgb = srgbOfReflectance(ground).map(Math.round) as unknown as Rgb8;
      const c = jnd(reflectanceFromSrgb(rgb), ground, DEER, 'daylight');
      expect(c.chromatic).toBeLessThan(1);
      expect(c.achromatic).toBeLessThan(1);
    });
  }
});

describe('twilight darkens long-wave colours against green grass', () => {
  for (const eye of [DEER, PERSON]) {
    it(`darkens blaze orange for a ${eye.id} (deer 2.70 -> 1.83, person 4.26 -> 2.77)`, () => {
      expect(lumRatio(BLAZE, GRASS, eye, 'twilight')).toBeLessThan(lumRatio(BLAZE, GRASS, eye, 'daylight'));
    });

    it(`darkens the ColorChecker's measured orange for a ${eye.id} (deer 3.00 -> 2.32, person 4.04 -> 2.95)`, () => {
      const orange = patch('orange');
      expect(lumRatio(orange, GRASS, eye, 'twilight')).toBeLessThan(lumRatio(orange, GRASS, eye, 'daylight'));
    });
  }

  it("darkens a measured brown (the ColorChecker's dark skin) for a person (1.34 -> 1.28)", () => {
    const brown = patch('dark skin');
    expect(lumRatio(brown, GRASS, PERSON, 'twilight')).toBeLessThan(
      lumRatio(brown, GRASS, PERSON, 'daylight'),
    );
  });

  // Not for a deer: its twilight luminance is half rods (497 nm), which lose more of grass's green
  // peak at 550 nm than of this brown's flat middle. Recorded, not loosened (1.233 -> 1.259).
  it.fails('darkens that brown for a deer: it does not (1.23 -> 1.26)', () => {
    const brown = patch('dark skin');
    expect(lumRatio(brown, GRASS, DEER, 'twilight')).toBeLessThan(lumRatio(brown, GRASS, DEER, 'daylight'));
  });
});
