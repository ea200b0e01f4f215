import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WEIGHTS,
  expectedHiddenSeconds,
  predictedHiding,
  predictedMedianSeconds,
  targetDegrees,
  targetDegreesInPhoto,
  type ConcealmentMeasures,
} from './model.js';
import { viewGeometry } from './observers.js';

const m: ConcealmentMeasures = {
  colourContrast: 6,
  luminanceContrast: 8,
  gabrat: 0.3,
  textureDifference: 0.2,
};

describe("the time model's size term (decision 029)", () => {
  it("gives the hunter's angular height at a distance and a target's in a photo, as viewGeometry does", () => {
    expect(targetDegrees(25)).toBeCloseTo(viewGeometry(1280, 960, 1.05, 25).targetDeg, 9);
    const near = viewGeometry(1280, 960, 1.05, 10);
    expect(targetDegreesInPhoto(near.targetPx, 1280)).toBeCloseTo(
      (2 * Math.atan(near.targetPx / (2 * near.focalPx)) * 180) / Math.PI,
      9,
    );
  });

  it('keeps every figure of before without a size, and at the reference size', () => {
    const reference = DEFAULT_WEIGHTS.size!.referenceDeg;
    expect(expectedHiddenSeconds(m, DEFAULT_WEIGHTS, reference)).toBeCloseTo(
      expectedHiddenSeconds(m, DEFAULT_WEIGHTS),
      12,
    );
    expect(predictedHiding(m, DEFAULT_WEIGHTS, targetDegrees(25))).toBe(predictedHiding(m, DEFAULT_WEIGHTS));
  });

  it('says a smaller target is harder to find: half the size, 2^0.5 times the median time', () => {
    const reference = DEFAULT_WEIGHTS.size!.referenceDeg;
    expect(
      predictedMedianSeconds(m, DEFAULT_WEIGHTS, reference / 2) /
        predictedMedianSeconds(m, DEFAULT_WEIGHTS, reference),
    ).toBeCloseTo(Math.SQRT2, 9);
    expect(predictedHiding(m, DEFAULT_WEIGHTS, targetDegrees(100))).toBeGreaterThan(
      predictedHiding(m, DEFAULT_WEIGHTS, targetDegrees(10)),
    );
  });
});
