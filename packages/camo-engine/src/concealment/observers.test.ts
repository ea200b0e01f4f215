import { describe, expect, it } from 'vitest';
import { rgbToLab } from '../color/lab.js';
import { chromaticDifference } from './measures.js';
import { ciede2000 } from '../metrics/ciede2000.js';
import { contrast as receptorContrast } from '../vision/index.js';
import { COLORCHECKER } from '../vision/data-colorchecker.js';
import { T_SRGB } from '../vision/srgb.js';
import { DEER_JND_UNITS, mtf, observerById, seenColour, viewGeometry } from './observers.js';
import { filterByAcuity } from './spatial-filter.js';

const person = observerById('person');
const deer = observerById('deer');

/** Michelson contrast of a plane's central row band (away from the transform's wrap). */
function contrast(plane: Float32Array, n: number): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (let y = n / 4; y < (3 * n) / 4; y++)
    for (let x = n / 4; x < (3 * n) / 4; x++) {
      lo = Math.min(lo, plane[y * n + x]!);
      hi = Math.max(hi, plane[y * n + x]!);
    }
  return (hi - lo) / (hi + lo);
}

/** Vertical stripes of `cyclesPerPx`, mean 0.5 and contrast 0.4 (a whole number of cycles across n). */
function grating(n: number, cyclesPerPx: number): Float32Array {
  const k = Math.round(cyclesPerPx * n);
  const out = new Float32Array(n * n);
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) out[y * n + x] = 0.5 + 0.2 * Math.sin((2 * Math.PI * k * x) / n);
  return out;
}

describe('observers', () => {
  it('a red and a green of equal L*: a person tells them apart by colour, a deer hardly by colour but by brightness', () => {
    // A protan confusion pair of equal L* (within 0.5), found by a search over sRGB with green at
    // least 40 above red. The deer's brightness is its 537 nm cone's (decision 032), which finds
    // the red far darker than a person does.
    const red: [number, number, number] = [200, 60, 50];
    const green: [number, number, number] = [74, 122, 64];
    expect(Math.abs(rgbToLab(...red).L - rgbToLab(...green).L)).toBeLessThan(0.5);
    const forPerson = ciede2000(seenColour(person, red), seenColour(person, green));
    const forDeer = chromaticDifference(seenColour(deer, red), seenColour(deer, green), 'deer');
    expect(forPerson).toBeGreaterThan(40);
    expect(forDeer).toBeLessThan(3);
    expect(seenColour(deer, green).L - seenColour(deer, red).L).toBeGreaterThan(8);
  });

  it('blue against yellow stays apart for the deer (its two cones still tell them apart)', () => {
    const forDeer = chromaticDifference(
      seenColour(deer, [60, 80, 200]),
      seenColour(deer, [200, 190, 40]),
      'deer',
    );
    expect(forDeer).toBeGreaterThan(40);
  });

  it('the scale: a 1.05 m target spans h/d of the focal length, and 8 px to half the photo is in range', () => {
    const near = viewGeometry(1280, 960, 1.05, 10);
    expect(near.focalPx).toBeCloseTo(640 / Math.tan((32.5 * Math.PI) / 180), 6);
    expect(near.targetPx).toBeCloseTo(105.5, 0);
    expect(near.targetDeg).toBeCloseTo(6.0, 1);
    expect(near.inRange).toBe(true);
    expect(viewGeometry(256, 256, 1.05, 50).inRange).toBe(false); // 4 px
    expect(viewGeometry(640, 150, 1.6, 10).inRange).toBe(false); // 80 px in a 150 px tall photo
  });

  it('the MTF keeps 2.8% of a grating at the acuity limit (AcuityView: exp(-3.56))', () => {
    expect(mtf(30, 30)).toBeCloseTo(Math.exp(-3.56), 10);
    expect(mtf(0, 5)).toBe(1);
  });

  it('the acuity filter all but removes a grating finer than the acuity and keeps a coarse one', () => {
    const n = 256;
    // A person on a fine display: 100 px per degree; 45 cpd is finer than 30, 6 cpd coarse.
    for (const [observer, pxPerDeg, fine, coarse] of [
      [person, 100, 45, 6],
      // A deer on a 1280 px photo at 65 degrees: 17.5 px per degree; 7 cpd against 0.9 cpd.
      [deer, viewGeometry(1280, 960, 1.05, 25).pxPerDeg, 7, 0.9],
    ] as const) {
      const planes = [grating(n, fine / pxPerDeg), grating(n, coarse / pxPerDeg)];
      const before = planes.map((p) => contrast(p, n));
      filterByAcuity(planes, n, n, observer.acuityCpd, pxPerDeg);
      expect(contrast(planes[0]!, n) / before[0]!, `${observer.id} fine`).toBeLessThan(0.02);
      expect(contrast(planes[1]!, n) / before[1]!, `${observer.id} coarse`).toBeGreaterThan(0.85);
    }
  });

  it('20 cm stripes on a target: a deer resolves them at 25 m and loses them at 100 m', () => {
    const n = 256;
    const pxPerDeg = 60; // a photo about 4400 px wide
    const cpdAt = (d: number): number => 1 / (((0.2 / d) * 180) / Math.PI);
    const planes = [grating(n, cpdAt(25) / pxPerDeg), grating(n, cpdAt(100) / pxPerDeg)];
    const before = planes.map((p) => contrast(p, n));
    filterByAcuity(planes, n, n, deer.acuityCpd, pxPerDeg);
    expect(contrast(planes[0]!, n) / before[0]!).toBeGreaterThan(0.4);
    expect(contrast(planes[1]!, n) / before[1]!).toBeLessThan(0.01);
  });
});

describe("the deer's colour units (decision 032's addendum)", () => {
  it("DEER_JND_UNITS is the median CIEDE2000 (L* equal) a person's JND spans over the ColorChecker and muted greens and browns", () => {
    const encode = (v: number) =>
      Math.round(255 * Math.min(1, Math.max(0, v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055)));
    const colours: [number, number, number][] = COLORCHECKER.map(
      (patch) =>
        T_SRGB.map((row) => encode(row.reduce((sum, w, i) => sum + w * patch.reflectance[i]!, 0))) as [
          number,
          number,
          number,
        ],
    );
    for (const r of [40, 80, 120, 160])
      for (const g of [40, 80, 120, 160]) for (const b of [20, 60, 100]) colours.push([r, g, b]);
    const ratios: number[] = [];
    for (let i = 0; i < colours.length; i++)
      for (let j = i + 1; j < colours.length; j++) {
        const jnd = receptorContrast(colours[i]!, colours[j]!, 'person', 'daylight').chromatic;
        if (jnd > 0.5)
          ratios.push(chromaticDifference(rgbToLab(...colours[i]!), rgbToLab(...colours[j]!)) / jnd);
      }
    ratios.sort((a, b) => a - b);
    expect(ratios.length).toBeGreaterThan(2000);
    expect(ratios[ratios.length >> 1]).toBeCloseTo(DEER_JND_UNITS, 2);
  });
});
