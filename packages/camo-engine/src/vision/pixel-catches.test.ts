import { describe, expect, it } from 'vitest';
import { catches } from './index.js';
import { catchesOfLinear, fitPixelCatchModel, pixelCatchModel } from './pixel-catches.js';
import { srgb8ToLinear } from './srgb.js';

/** Colours the fit never saw: a fixed pseudo-random set over the cube, near-black aside. */
function heldOut(count: number): [number, number, number][] {
  let s = 12345;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return Math.floor((s / 2147483648) * 256);
  };
  const out: [number, number, number][] = [];
  while (out.length < count) {
    const c: [number, number, number] = [next(), next(), next()];
    if (Math.max(...c) >= 24) out.push(c);
  }
  return out;
}

describe('catches a pixel at a time (root-polynomial regression on the smoothest reflectances)', () => {
  it.each([
    ['deer', 'daylight'],
    ['deer', 'twilight'],
    ['person', 'daylight'],
  ] as const)(
    "a %s's catches in %s: half within 0.3 JND (omega 0.05) of the solve, 95 in 100 within 1",
    (eye, light) => {
      const model = pixelCatchModel(eye, light);
      const errors: number[] = [];
      for (const rgb of heldOut(200)) {
        const exact = catches(rgb, eye, light);
        const fast: number[] = [];
        catchesOfLinear(model, srgb8ToLinear(rgb[0]), srgb8ToLinear(rgb[1]), srgb8ToLinear(rgb[2]), fast);
        const want = [...exact.cones, exact.luminance];
        for (let k = 0; k < want.length; k++) errors.push(Math.abs(Math.log(fast[k]! / want[k]!)) / 0.05);
      }
      errors.sort((a, b) => a - b);
      expect(errors[Math.floor(errors.length * 0.5)]).toBeLessThan(0.3);
      expect(errors[Math.floor(errors.length * 0.95)]).toBeLessThan(1);
    },
  );

  it.each(['daylight', 'twilight'] as const)("the deer's kept fit in %s is the fit made afresh", (light) => {
    const kept = pixelCatchModel('deer', light);
    const fresh = fitPixelCatchModel('deer', light);
    for (let k = 0; k < fresh.length; k++)
      for (let j = 0; j < fresh[k]!.length; j++) expect(kept[k]![j]!).toBeCloseTo(fresh[k]![j]!, 5);
  });

  it('scales with the light: twice the linear colour, twice the catches', () => {
    const model = pixelCatchModel('deer', 'daylight');
    const one: number[] = [];
    const two: number[] = [];
    catchesOfLinear(model, 0.1, 0.2, 0.05, one);
    catchesOfLinear(model, 0.2, 0.4, 0.1, two);
    for (let k = 0; k < one.length; k++) expect(two[k]! / one[k]!).toBeCloseTo(2, 6);
  });

  it('a white is about 1 in every channel', () => {
    const out: number[] = [];
    catchesOfLinear(pixelCatchModel('deer', 'daylight'), 1, 1, 1, out);
    for (const q of out) expect(q).toBeCloseTo(1, 1);
  });
});
