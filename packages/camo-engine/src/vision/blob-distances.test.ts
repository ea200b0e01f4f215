import { describe, expect, it } from 'vitest';
import { blobDistances, elementBlendM, elementCpd, type IndexedDesign } from './blob-distances.js';
import { cutoffCpd } from './csf.js';

/**
 * Two scales at a 1024 px tile: a 2 x 2 checker of olive and tan squares (37.5 cm at a 75 cm
 * repeat; about 42 cm as an equivalent-circle width) strewn with dark brown dots 2 cm across on a
 * 64 px grid (14 % of the area).
 */
function twoScale(): IndexedDesign {
  const n = 1024;
  const index = new Uint8Array(n * n);
  const dotR = ((2 / 75) * n) / 2;
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      const cx = (x % 64) - 31.5;
      const cy = (y % 64) - 31.5;
      if (cx * cx + cy * cy <= dotR * dotR) index[y * n + x] = 2;
      else index[y * n + x] = (Math.floor(x / 512) + Math.floor(y / 512)) % 2;
    }
  return {
    width: n,
    height: n,
    index,
    palette: [
      [110, 120, 70],
      [170, 150, 110],
      [40, 35, 30],
    ],
  };
}

describe('acuity geometry', () => {
  // The project's issue: from deer acuity (5 c/deg) the smallest element a deer resolves is about
  // 1.7, 4.4, 8.7 and 17.5 cm at 10, 25, 50 and 100 m. Our deer's full-contrast cutoff is 5 c/deg
  // to solver precision, so the tolerance is the rounding of those figures (3 %).
  it.each([
    [1.7, 10],
    [4.4, 25],
    [8.7, 50],
    [17.5, 100],
  ])('a full-contrast %s cm black/white element blends for a deer at about %s m', (cm, m) => {
    const d = elementBlendM('deer', cm, 1);
    expect(Math.abs(d - m) / m).toBeLessThan(0.03);
  });

  it('the same pattern at 10 % contrast blends nearer than at 100 %', () => {
    for (const eye of ['person', 'deer'] as const) {
      const full = elementBlendM(eye, 5, 1);
      const low = elementBlendM(eye, 5, 0.1);
      expect(low).toBeLessThan(full);
      expect(low).toBeGreaterThan(0);
    }
  });

  it('a person resolves a 3 cm element at 10 m at full contrast; a deer at 50 m does not', () => {
    expect(elementCpd(0.03, 10)).toBeLessThan(cutoffCpd('person', 'luminance', 1));
    expect(elementBlendM('person', 3, 1)).toBeGreaterThan(10);
    expect(elementCpd(0.03, 50)).toBeGreaterThan(cutoffCpd('deer', 'luminance', 1));
    expect(elementBlendM('deer', 3, 1)).toBeLessThan(50);
  });
});

describe("a design's shapes", () => {
  const design = twoScale();

  it('micro and macro: to a deer the 2 cm dots blend before 25 m, the 40 cm blotches stay apart past 50 m', () => {
    const r = blobDistances(design, 75, 'deer');
    expect(r.classes.small.widthCm).toBeGreaterThan(1.5);
    expect(r.classes.small.widthCm).toBeLessThan(2.5);
    expect(r.classes.large.widthCm).toBeGreaterThan(35);
    expect(r.classes.large.widthCm).toBeLessThan(45);
    expect(r.classes.small.blendM).toBeLessThan(25);
    expect(r.classes.small.blendM).toBeGreaterThan(0);
    expect(r.classes.large.rawBlendM).toBeGreaterThan(50);
    expect(r.sentence).toMatch(/^To a deer in daylight, the small shapes \(about 2 cm\) blend beyond \d+ m;/);
  });

  it('a person sees every class further than a deer does', () => {
    const deer = blobDistances(design, 75, 'deer');
    const person = blobDistances(design, 75, 'person');
    for (const k of ['small', 'middle', 'large'] as const)
      expect(person.classes[k].rawBlendM).toBeGreaterThan(deer.classes[k].rawBlendM);
  });

  it('a larger repeat scales every blend distance up in proportion', () => {
    for (const eye of ['person', 'deer'] as const) {
      const a = blobDistances(design, 75, eye);
      const b = blobDistances(design, 150, eye);
      for (const k of ['small', 'middle', 'large'] as const) {
        expect(b.classes[k].widthCm / a.classes[k].widthCm).toBeCloseTo(2, 9);
        expect(b.classes[k].rawBlendM / a.classes[k].rawBlendM).toBeCloseTo(2, 9);
      }
    }
  });

  it('a thin shape is as wide as it is thin: 2 cm stripes read about 2 cm, not their area', () => {
    const n = 1024;
    const stripe = Math.round((2 / 75) * n);
    const index = new Uint8Array(n * n);
    for (let y = 0; y < n; y++) index.fill(Math.floor(y / stripe) % 2, y * n, y * n + n);
    const r = blobDistances(
      {
        width: n,
        height: n,
        index,
        palette: [
          [60, 70, 40],
          [150, 140, 100],
        ],
      },
      75,
      'deer',
    );
    // A rectangle's moment ellipse is 1.155 times its width; the mode-downsampling rounds it.
    expect(r.classes.middle.widthCm).toBeGreaterThan(1.8);
    expect(r.classes.middle.widthCm).toBeLessThan(2.7);
    expect(r.classes.middle.blendM).toBeLessThan(20);
  });

  describe('at dawn or dusk (decision 034)', () => {
    it('every class of the same design blends nearer for either eye, and the sentence says when', () => {
      for (const eye of ['person', 'deer'] as const) {
        const day = blobDistances(design, 75, eye);
        const dusk = blobDistances(design, 75, eye, { light: 'twilight' });
        expect(dusk.light).toBe('twilight');
        for (const k of ['small', 'middle', 'large'] as const)
          expect(dusk.classes[k].rawBlendM).toBeLessThan(day.classes[k].rawBlendM);
        expect(dusk.sentence).toMatch(
          eye === 'deer' ? /^To a deer at dawn or dusk, / : /^To a person at dawn or dusk, /,
        );
      }
    });

    it('the Purkinje shift: an orange-brown loses luminance against a green at dusk for a person', () => {
      const pair: IndexedDesign['palette'] = [
        [170, 90, 40],
        [80, 110, 60],
      ];
      const n = 256;
      const index = new Uint8Array(n * n).map((_, i) => (Math.floor((i % n) / 64) % 2 === 0 ? 0 : 1));
      const contrast = (light: 'daylight' | 'twilight') => {
        const r = blobDistances({ width: n, height: n, index, palette: pair }, 75, 'person', { light });
        return r.classes.middle.luminanceContrast;
      };
      // The orange is the lighter of the two in daylight (Y about 0.16 against 0.13); at dusk the
      // rods' share (V', peak 507 nm) lifts the green and the orange falls toward it.
      expect(contrast('twilight')).toBeLessThan(contrast('daylight'));
    });
  });
});
