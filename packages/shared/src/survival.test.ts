import { describe, expect, it } from 'vitest';
import { kaplanMeier } from './survival.js';

describe('kaplanMeier', () => {
  it('matches a hand-computed example with censored rounds', () => {
    // Found at 1, 2, 2 and 4 s; two rounds censored at 3 s (a player gave up... ended), two at 15 s.
    const s = kaplanMeier(
      [
        { ms: 1000, found: true },
        { ms: 2000, found: true },
        { ms: 2000, found: true },
        { ms: 3000, found: false },
        { ms: 3000, found: false },
        { ms: 4000, found: true },
        { ms: 15000, found: false },
        { ms: 15000, found: false },
      ],
      15000,
    );
    // n = 8. t=1: 1 of 8 -> 7/8 = 0.875. t=2: 2 of 7 -> 0.875 * 5/7 = 0.625.
    // t=3: two censored, at risk 5 -> 3. t=4: 1 of 3 -> 0.625 * 2/3 = 0.41667.
    expect(s.curve.map((c) => c.ms)).toEqual([0, 1000, 2000, 4000]);
    expect(s.curve[1]!.hidden).toBeCloseTo(0.875, 10);
    expect(s.curve[2]!.hidden).toBeCloseTo(0.625, 10);
    expect(s.curve[3]!.hidden).toBeCloseTo(0.416667, 5);
    expect(s.medianMs).toBe(4000);
    expect(s.foundShare).toBeCloseTo(1 - 0.416667, 5);
    expect(s.rounds).toBe(8);
    expect(s.found).toBe(4);
    // Area: 1*1000 + 0.875*1000 + 0.625*2000 + 0.41667*11000 = 7708.33
    expect(s.meanHiddenMs).toBeCloseTo(1000 + 875 + 1250 + (0.625 * 2 * 11000) / 3, 3);
  });

  it('has no median while more than half stay hidden, and counts late taps as unfound', () => {
    const s = kaplanMeier(
      [
        { ms: 5000, found: true },
        { ms: 15000, found: false },
        { ms: 15000, found: false },
        { ms: 20000, found: true },
      ],
      15000,
    );
    expect(s.medianMs).toBeNull();
    expect(s.found).toBe(1);
    expect(s.foundShare).toBeCloseTo(0.25, 10);
  });

  it('with no rounds, everything is still hidden', () => {
    const s = kaplanMeier([], 15000);
    expect(s).toMatchObject({ rounds: 0, found: 0, foundShare: 0, medianMs: null, meanHiddenMs: 15000 });
  });
});
