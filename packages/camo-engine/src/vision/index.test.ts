import { describe, expect, it } from 'vitest';
import { catches, contrast, reflectanceFromSrgb } from './index.js';
import { srgb8ToLinear } from './srgb.js';

describe('the public API', () => {
  for (const eye of ['deer', 'person'] as const)
    for (const light of ['daylight', 'twilight'] as const) {
      it(`gives a flat grey its linear value in every channel (von Kries), ${eye}, ${light}`, () => {
        const q = catches([128, 128, 128], eye, light);
        const lin = srgb8ToLinear(128);
        for (const c of [...q.cones, q.rod, q.luminance]) expect(c).toBeCloseTo(lin, 3);
      });
    }

  it('finds no contrast between a colour and itself, and some between two greys', () => {
    expect(contrast([90, 120, 60], [90, 120, 60], 'deer', 'daylight')).toEqual({
      chromatic: 0,
      achromatic: 0,
    });
    const greys = contrast([100, 100, 100], [110, 110, 110], 'person', 'daylight');
    expect(greys.chromatic).toBeLessThan(1e-6);
    expect(greys.achromatic).toBeGreaterThan(1);
  });

  it('takes the Weber fraction as an option', () => {
    const a = contrast([255, 103, 0], [70, 80, 47], 'deer', 'twilight', { weber: 0.1 });
    const b = contrast([255, 103, 0], [70, 80, 47], 'deer', 'twilight', {
      weber: 0.05,
      weberAchromatic: 0.2,
    });
    expect(b.chromatic).toBeCloseTo(2 * a.chromatic, 9);
    expect(b.achromatic).toBeCloseTo(a.achromatic / 2, 9);
  });

  it('returns 36 bands', () => {
    expect(reflectanceFromSrgb([10, 20, 30])).toHaveLength(36);
  });
});
