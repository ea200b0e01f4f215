import { describe, expect, it } from 'vitest';
import { csfPeak, csfSensitivity } from '../vision/csf.js';
import { filterSeenByCsf } from './colour-detail.js';
import { csfGain, mtf, nyquistPxPerDeg, observerAt, observerById, viewGeometry } from './observers.js';
import { prepareDesign, sceneOf } from './compose.js';
import { tileAt } from './tile-resample.js';
import { gabratSigmaDeg, targetCrop, workScale } from './view.js';
import { hunter } from './predictor.js';

/**
 * Decision 037: each eye measured at its own scale in visual angle, through its contrast
 * sensitivity, with GabRat's Gabor at its acuity, and a design drawn without aliasing.
 */

const person = observerById('person');
const deer = observerById('deer');

/** A vertical sine grating of `cpd` at `pxPerDeg` on an n x n plane, about `mean`, amplitude `amp`. */
function grating(n: number, cpd: number, pxPerDeg: number, mean: number, amp: number): Float32Array {
  const k = Math.round((cpd / pxPerDeg) * n);
  const out = new Float32Array(n * n);
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) out[y * n + x] = mean + amp * Math.sin((2 * Math.PI * k * x) / n);
  return out;
}

/** The amplitude of a plane's row 0, (max - min) / 2. */
const amplitude = (plane: Float32Array, n: number): number => {
  const row = plane.subarray(0, n);
  return (Math.max(...row) - Math.min(...row)) / 2;
};

describe('the eyes through their contrast sensitivity (decision 037)', () => {
  it("keeps of a person's luminance grating what Barten's CSF keeps over its peak, and all of it below the peak", () => {
    const n = 256;
    const pxPerDeg = 64;
    for (const cpd of [2, 10, 20]) {
      // A grey grating: the same in R, G and B, so only the luminance channel moves.
      const planes = [0, 1, 2].map(() => grating(n, cpd, pxPerDeg, 0.3, 0.05)) as [
        Float32Array,
        Float32Array,
        Float32Array,
      ];
      filterSeenByCsf(planes, n, n, person, pxPerDeg);
      const kept = amplitude(planes[1], n) / 0.05;
      const exact = (Math.round((cpd / pxPerDeg) * n) * pxPerDeg) / n;
      expect(kept, `${cpd} c/deg`).toBeCloseTo(csfGain(person, 'luminance', exact), 2);
    }
    expect(csfGain(person, 'luminance', 2)).toBe(1);
    // At the full-contrast cutoff (44.6 c/deg) a grating keeps one peak-sensitivity's worth.
    expect(csfGain(person, 'luminance', 44.6)).toBeCloseTo(1 / csfPeak('person', 'luminance'), 3);
  });

  it('a deer keeps less of a middle-frequency grating than its acuity alone says, and less of its colour than its brightness', () => {
    // 2 c/deg: the MTF of a 5 c/deg acuity keeps 57%, the deer's CSF (a person's scaled to it) 31%.
    expect(mtf(2, 5)).toBeCloseTo(0.566, 2);
    expect(csfGain(deer, 'luminance', 2)).toBeCloseTo(
      csfSensitivity('deer', 'luminance', 2) / csfPeak('deer', 'luminance'),
      6,
    );
    expect(csfGain(deer, 'luminance', 2)).toBeLessThan(0.35);
    const n = 128;
    const pxPerDeg = 16;
    const luminance = grating(n, 1, pxPerDeg, 0.3, 0.05);
    // The deer's planes: S and M cones, then its luminance. A colour grating moves S against M.
    const cones = [grating(n, 1, pxPerDeg, 0.3, 0.05), grating(n, 1, pxPerDeg, 0.3, -0.05)];
    filterSeenByCsf([cones[0]!, cones[1]!, luminance], n, n, deer, pxPerDeg);
    expect(amplitude(cones[0]!, n)).toBeLessThan(0.6 * amplitude(luminance, n));
  });

  it('at dusk each eye keeps less of the same grating', () => {
    for (const id of ['person', 'deer'] as const) {
      const cpd = id === 'person' ? 10 : 1.5;
      expect(csfGain(observerAt(id, 'twilight'), 'luminance', cpd)).toBeLessThan(
        csfGain(observerById(id), 'luminance', cpd),
      );
    }
  });
});

describe('the working scale in visual angle (decision 037)', () => {
  it("needs twice each eye's cutoff: 89 px a degree for a person, 10 for a deer", () => {
    expect(nyquistPxPerDeg(person)).toBeCloseTo(89.2, 0);
    expect(nyquistPxPerDeg(deer)).toBeCloseTo(10, 1);
  });

  it("measures a person at the photo's own pixels and shrinks a deer's crop only to what it resolves", () => {
    const near = viewGeometry(1280, 960, 1.05, 10);
    const far = viewGeometry(1280, 960, 1.05, 25);
    // A person: the photo's pixels, but for the largest targets (over 48 px), shrunk to fit the transform.
    expect(workScale(far.targetPx, far.pxPerDeg, [person])).toBe(1);
    expect(workScale(near.targetPx, near.pxPerDeg, [person])).toBeCloseTo(near.targetPx / 48, 6);
    // A deer: shrunk to its 10 px a degree where that leaves the target 38 to 48 px (a 200 px target
    // at 45 px a degree: 44.4 px), not to 38 px (8.6 px a degree); a pixel less (44 px, 9.9 px a
    // degree), as its wider blur's margin takes the crop past 64 px at 44.4.
    expect(45 / workScale(200, 45, [deer])).toBeGreaterThan(9.8);
    expect(45 / workScale(200, 45, [deer])).toBeLessThanOrEqual(10);
    expect(workScale(200, 45, [person])).toBeCloseTo(200 / 48, 6);
    // Sharing a crop, the keener eye sets its scale and the wider blur its margin (44 px, as the deer's).
    expect(200 / workScale(200, 45, [deer, person])).toBeCloseTo(44, 6);
  });

  it('fits every crop in a 64 px transform, for either eye in either light at every distance', () => {
    const scene = sceneOf({ width: 256, height: 192, data: new Uint8Array(256 * 192 * 3).fill(120) });
    const silhouette = hunter();
    const eyes = [person, deer, observerAt('person', 'twilight'), observerAt('deer', 'twilight')];
    for (const width of [640, 1280, 2048])
      for (const distance of [10, 25, 50, 75, 100]) {
        const g = viewGeometry(width, (width * 3) / 4, silhouette.heightM, distance);
        const place = { x: 128, y: 96, size: g.targetPx, rotation: 0 };
        // Each eye's own crop (predictor.ts shares one only between eyes of the same scale).
        for (const eye of eyes.map((o) => [o])) {
          const crop = targetCrop(scene, { colour: [90, 100, 80] }, silhouette, place, eye, g.pxPerDeg);
          expect(
            crop.n,
            `${width} px, ${distance} m, ${eye.map((o) => `${o.id} ${o.light}`).join(' and ')}`,
          ).toBeLessThanOrEqual(64);
        }
      }
  });

  it("sets GabRat's Gabor by the eye's acuity: its carrier at half of it", () => {
    expect(gabratSigmaDeg(person)).toBeCloseTo(2 / 90, 6);
    expect(gabratSigmaDeg(deer)).toBeCloseTo(2 / 15, 6);
    // Carrier wavelength about 3 sigma: half the acuity in cycles per degree.
    expect(1 / (3 * gabratSigmaDeg(deer))).toBeCloseTo(deer.acuityCpd / 2, 6);
  });
});

describe('a design drawn without aliasing (decision 037)', () => {
  /** n x n squares of black and white on a 256 px tile. */
  const checks = (n: number) => {
    const side = 256;
    const data = new Uint8Array(side * side * 3);
    const cell = side / n;
    for (let y = 0; y < side; y++)
      for (let x = 0; x < side; x++)
        data.fill(
          (Math.floor(x / cell) + Math.floor(y / cell)) % 2 ? 255 : 0,
          (y * side + x) * 3,
          (y * side + x) * 3 + 3,
        );
    return prepareDesign({ width: side, height: side, data });
  };
  const spread = (px: Uint8Array) => {
    const v = Array.from({ length: px.length / 3 }, (_, i) => px[i * 3]!);
    return Math.max(...v) - Math.min(...v);
  };

  it('squares finer than a pixel come out as their mean, not as a coarser pattern', () => {
    // 8 x 8 squares drawn 6 px wide: 0.75 px each. Averaging whole pixels drew a 3 px moire.
    expect(spread(tileAt(checks(8), 6))).toBeLessThan(40);
    // 2 x 2 squares at the same size (3 px each) keep most of their contrast.
    expect(spread(tileAt(checks(2), 6))).toBeGreaterThan(200);
  });
});
