import { HUNT_TIME_LIMIT_MS } from '@camo/shared/hunt.schema';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEIGHTS, mulberry32 } from '@camo/camo-engine';
import {
  fitCensoredLogNormal,
  pairwiseAgreement,
  reversedMeasures,
  type CensoredTime,
} from './calibration.js';
import { logNormalTail, normalCdf } from './normal.js';
import { concealmentScore, spearman } from '../hunt/hunt-statistics.js';

/** Mulberry32 (the engine's), so a run is the same every time. */
const random = mulberry32;

const LIMIT_S = HUNT_TIME_LIMIT_MS / 1000;

function gaussian(next: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
}

// The true model of the simulation: colour contrast (CIEDE2000 units), luminance contrast (L*),
// GabRat and texture difference, with the signs the literature gives them.
const TRUE = { intercept: 3.2, coefficients: [-0.12, -0.08, 4.0, -3.2], sigma: 0.3 };

/** Rounds of `designs` simulated designs, `perDesign` rounds each, times drawn from the true model. */
function simulate(seed: number, designs: number, perDesign: number) {
  const next = random(seed);
  const measures = Array.from({ length: designs }, () => [
    2 + next() * 14,
    1 + next() * 20,
    0.15 + next() * 0.4,
    0.05 + next() * 0.5,
  ]);
  const rounds: (CensoredTime & { design: number })[] = [];
  measures.forEach((x, design) => {
    const mu = TRUE.intercept + x.reduce((acc, v, j) => acc + TRUE.coefficients[j]! * v, 0);
    for (let r = 0; r < perDesign; r++) {
      const seconds = Math.exp(mu + TRUE.sigma * gaussian(next));
      rounds.push({ design, x, seconds: Math.min(seconds, LIMIT_S), found: seconds <= LIMIT_S });
    }
  });
  return { measures, rounds };
}

describe('the normal distribution helpers', () => {
  it('match known values, far into the tail too', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(Math.exp(logNormalTail(1))).toBeCloseTo(0.158655, 6);
    // Q(8) = 6.22096e-16; Q(20) = 2.7536e-89.
    expect(logNormalTail(8)).toBeCloseTo(Math.log(6.22096e-16), 3);
    expect(logNormalTail(20)).toBeCloseTo(Math.log(2.7536e-89), 3);
  });
});

describe('calibrating the predictor on rounds played', () => {
  it('recovers the true weights within 10% from 500 simulated rounds, censored at 15 s', () => {
    const { rounds } = simulate(27, 50, 10);
    expect(rounds.length).toBe(500);
    const censored = rounds.filter((r) => !r.found).length;
    expect(censored).toBeGreaterThan(25); // the censoring is real, not a corner case
    const fit = fitCensoredLogNormal(rounds);
    fit.coefficients.forEach((c, j) => {
      expect(Math.abs(c - TRUE.coefficients[j]!) / Math.abs(TRUE.coefficients[j]!)).toBeLessThan(0.1);
    });
    expect(Math.abs(fit.sigma - TRUE.sigma) / TRUE.sigma).toBeLessThan(0.1);
  });

  it('orders designs as the game measures them: Spearman rho at least 0.9', () => {
    const { measures, rounds } = simulate(31, 50, 10);
    const fit = fitCensoredLogNormal(rounds);
    const predicted = measures.map(
      (x) => fit.intercept + x.reduce((acc, v, j) => acc + fit.coefficients[j]! * v, 0),
    );
    // The game's own measure needs 20 rounds: measured with 20 more rounds per design.
    const extra = simulate(31, 50, 30).rounds;
    const measured = measures.map((_, design) =>
      concealmentScore(
        extra
          .filter((r) => r.design === design)
          .map((r, i) => ({ elapsedMs: r.seconds * 1000, found: r.found, playerId: `p${i}` })),
      ),
    );
    expect(measured.every((m) => m >= 0)).toBe(true);
    expect(spearman(predicted, measured)!).toBeGreaterThanOrEqual(0.9);
    expect(pairwiseAgreement(predicted, measured)!).toBeGreaterThan(0.8);
  });

  it('ignoring the censoring would bias the fit: the same rounds as if found at 15 s give smaller weights', () => {
    const { rounds } = simulate(27, 50, 10);
    const naive = fitCensoredLogNormal(rounds.map((r) => ({ ...r, found: true })));
    const fit = fitCensoredLogNormal(rounds);
    expect(Math.abs(naive.coefficients[2]!)).toBeLessThan(Math.abs(fit.coefficients[2]!));
  });
});

describe('a handful of accounts cannot steer the fit (decision 026)', () => {
  it('a round weighed 2 counts as that round twice, and a round weighed 0 not at all', () => {
    const { rounds } = simulate(5, 20, 10);
    const doubled = fitCensoredLogNormal([...rounds, ...rounds.slice(0, 40)]);
    const weighed = fitCensoredLogNormal(rounds.map((r, i) => ({ ...r, weight: i < 40 ? 2 : 1 })));
    for (let j = 0; j < 4; j++) expect(weighed.coefficients[j]).toBeCloseTo(doubled.coefficients[j]!, 6);
    expect(weighed.sigma).toBeCloseTo(doubled.sigma, 6);
    const junk = rounds.map((r) => ({ ...r, seconds: 15 - r.seconds + 0.3, weight: 0 }));
    const ignored = fitCensoredLogNormal([...rounds, ...junk]);
    const alone = fitCensoredLogNormal(rounds);
    for (let j = 0; j < 4; j++) expect(ignored.coefficients[j]).toBeCloseTo(alone.coefficients[j]!, 6);
  });

  it("names the measures a fit turns against the literature's direction", () => {
    expect(reversedMeasures(DEFAULT_WEIGHTS.weights)).toEqual([]);
    // The probe's fit: GabRat -5.58, texture +0.27, colour +0.0086, luminance still negative.
    expect(
      reversedMeasures({
        colourContrast: 0.0086,
        luminanceContrast: -0.05,
        gabrat: -5.58,
        textureDifference: 0.27,
      }),
    ).toEqual(['colourContrast', 'gabrat', 'textureDifference']);
    expect(
      reversedMeasures({ colourContrast: 0, luminanceContrast: 0, gabrat: 0, textureDifference: 0 }),
    ).toEqual([]);
  });
});

describe('pairwise agreement', () => {
  it('counts the pairs ordered alike, leaving ties out', () => {
    expect(pairwiseAgreement([1, 2, 3], [10, 20, 30])).toBe(1);
    expect(pairwiseAgreement([1, 2, 3], [30, 20, 10])).toBe(0);
    expect(pairwiseAgreement([1, 2, 2], [1, 3, 2])).toBe(1);
    expect(pairwiseAgreement([1], [1])).toBeNull();
  });
});
