import { describe, expect, it } from 'vitest';
import { DEER_M_NM, DEER_ROD_NM, DEER_S_NM, deerLens, govardovskiiA1 } from './receptors.js';

function peakOf(lambdaMax: number): number {
  let best = -Infinity;
  let at = 0;
  for (let nm = 300; nm <= 800; nm += 0.01) {
    const v = govardovskiiA1(nm, lambdaMax);
    if (v > best) [best, at] = [v, nm];
  }
  return at;
}

describe('Govardovskii et al. 2000 A1 template', () => {
  for (const lambdaMax of [DEER_S_NM, DEER_M_NM, DEER_ROD_NM]) {
    it(`peaks within 1 nm of its λmax ${lambdaMax} nm`, () => {
      expect(Math.abs(peakOf(lambdaMax) - lambdaMax)).toBeLessThan(1);
      expect(govardovskiiA1(lambdaMax, lambdaMax)).toBeCloseTo(1, 2);
    });
  }

  it('has a beta band: the 537 nm pigment absorbs at 360 nm more than the alpha band alone would', () => {
    expect(govardovskiiA1(360, DEER_M_NM)).toBeGreaterThan(0.2);
  });
});

describe('deer ocular media (a smooth cut-off, λ50 assumed 370 nm)', () => {
  it('passes half at λ50 and nearly all of the visible', () => {
    expect(deerLens(370)).toBeCloseTo(0.5, 6);
    expect(deerLens(420)).toBeGreaterThan(0.99);
  });
});
