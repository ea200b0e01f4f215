import { describe, expect, it } from 'vitest';
import { breedingBeatsControl, controlLine, judge, survivors, type BreedingRound } from './breeding.js';

const rounds = (times: number[], players = times.map((_, i) => `p${i}`)): BreedingRound[] =>
  times.map((ms, i) => ({ ms, found: ms < 15_000, playerId: players[i]! }));

describe('judging a generation (decision 038)', () => {
  it('judges a design only once five different players have had it, each counted once', () => {
    expect(judge('d', rounds([1000, 2000, 3000, 4000])).judged).toBe(false);
    const five = judge('d', rounds([1000, 2000, 3000, 4000, 5000]));
    expect(five).toMatchObject({ players: 5, judged: true });
    // One account's repeated rounds count once: a sixth fast round from p0 changes nothing.
    const pushed = judge('d', [
      ...rounds([1000, 2000, 3000, 4000, 5000]),
      ...rounds([100, 100, 100], ['p0', 'p0', 'p0']),
    ]);
    expect(pushed).toEqual(five);
  });

  it('keeps the best third, the same every time, and nothing until every design is judged', () => {
    const generation = Array.from({ length: 9 }, (_, k) =>
      judge(`d${k}`, rounds([1, 2, 3, 4, 5].map((s) => s * 500 * (k + 1)))),
    );
    const kept = survivors(generation)!;
    expect(kept.map((d) => d.id)).toEqual(['d8', 'd7', 'd6']);
    expect(survivors([...generation].reverse())!.map((d) => d.id)).toEqual(['d8', 'd7', 'd6']);
    expect(survivors([...generation, judge('late', rounds([1000]))])).toBeNull();
    // At least a pair, to breed from.
    expect(survivors(generation.slice(0, 3))).toHaveLength(2);
  });

  it('takes the best judged control, and claims breeding helped only beyond both intervals', () => {
    const slow = judge('c1', rounds([8000, 9000, 10_000, 11_000, 12_000]));
    const fast = judge('c2', rounds([500, 600, 700, 800, 900]));
    expect(controlLine([fast, slow, judge('c3', rounds([100]))])?.id).toBe('c1');
    expect(controlLine([judge('c3', rounds([100]))])).toBeNull();
    // Five rounds each: intervals too wide to tell 1 s from 2 s.
    const bred5 = judge('b', rounds([1500, 1800, 2000, 2200, 2500]));
    const control5 = judge('c', rounds([800, 900, 1000, 1100, 1200]));
    expect(breedingBeatsControl(bred5.interval, control5.interval)).toBe(false);
    // Forty rounds each at the same times: the intervals part.
    const many = (times: number[]) => Array.from({ length: 8 }, () => times).flat();
    const bred = judge('b', rounds(many([1500, 1800, 2000, 2200, 2500])));
    const control = judge('c', rounds(many([800, 900, 1000, 1100, 1200])));
    expect(breedingBeatsControl(bred.interval, control.interval)).toBe(true);
    expect(breedingBeatsControl(control.interval, bred.interval)).toBe(false);
  });
});
