import { describe, expect, it } from 'vitest';
import { rgbToLab } from '../color/lab.js';
import { ciede2000 } from '../metrics/ciede2000.js';
import { filterByAcuity, mtf, observerById, seenColour, viewGeometry } from './observers.js';

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
  it('a red and a green of equal lightness collapse for the deer and not for a person', () => {
    // A protan confusion pair: the green of the same L* (within 0.5) the deer confuses most with
    // this red, found by a search over sRGB with green at least 40 above red.
    const red: [number, number, number] = [200, 60, 50];
    const green: [number, number, number] = [74, 122, 64];
    expect(Math.abs(rgbToLab(...red).L - rgbToLab(...green).L)).toBeLessThan(0.5);
    const forPerson = ciede2000(seenColour(person, red), seenColour(person, green));
    const forDeer = ciede2000(seenColour(deer, red), seenColour(deer, green));
    expect(forPerson).toBeGreaterThan(40);
    expect(forDeer).toBeLessThan(1);
    // Luminance is kept: the deer sees them as light as a person does.
    expect(Math.abs(seenColour(deer, red).L - rgbToLab(...red).L)).toBeLessThan(1);
  });

  it('blue against yellow stays apart for the deer (its two cones still tell them apart)', () => {
    const forDeer = ciede2000(seenColour(deer, [60, 80, 200]), seenColour(deer, [200, 190, 40]));
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
