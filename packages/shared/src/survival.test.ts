import { describe, expect, it } from 'vitest';
import { kaplanMeier, medianInterval } from './survival.js';

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

describe("the Kaplan-Meier median's confidence interval (Brookmeyer & Crowley)", () => {
  /**
   * The 6-MP arm of Freireich et al.'s leukaemia trial (Gehan 1965, Biometrika 52: 203-223), weeks
   * of remission, + censored: 6 6 6 6+ 7 9+ 10 10+ 11+ 13 16 17+ 19+ 20+ 22 23 25+ 32+ 32+ 34+ 35+.
   * R's survival package (survfit, conf.type "log") gives median 23, 95% interval 16 to NA.
   */
  const sixMp: [number, boolean][] = [
    [6, true],
    [6, true],
    [6, true],
    [6, false],
    [7, true],
    [9, false],
    [10, true],
    [10, false],
    [11, false],
    [13, true],
    [16, true],
    [17, false],
    [19, false],
    [20, false],
    [22, true],
    [23, true],
    [25, false],
    [32, false],
    [32, false],
    [34, false],
    [35, false],
  ];

  it("gives the textbook's median and interval for the 6-MP arm", () => {
    const interval = medianInterval(
      sixMp.map(([ms, found]) => ({ ms, found })),
      100,
    );
    expect(interval).toEqual({ medianMs: 23, lowMs: 16, highMs: null });
    expect(
      kaplanMeier(
        sixMp.map(([ms, found]) => ({ ms, found })),
        100,
      ).medianMs,
    ).toBe(23);
  });

  it('narrows with more rounds of the same times', () => {
    const rounds = (copies: number) =>
      Array.from({ length: copies }, () =>
        [1000, 2000, 3000, 4000, 5000].map((ms) => ({ ms, found: true })),
      ).flat();
    const few = medianInterval(rounds(1), 15_000);
    const many = medianInterval(rounds(20), 15_000);
    expect(few.medianMs).toBe(3000);
    expect(many.medianMs).toBe(3000);
    expect(few.lowMs).toBe(2000);
    expect(few.highMs).toBeNull();
    expect(many.lowMs).toBe(3000);
    expect(many.highMs).toBe(4000);
  });
});
