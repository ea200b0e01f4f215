import { describe, expect, it } from 'vitest';
import { concealmentScore, spearman } from './hunt-statistics.js';

describe('hunt statistics and placement', () => {
  it("Spearman's rank correlation: perfect, reversed, tied and too few", () => {
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 40])).toBe(1);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBe(-1);
    // Ranks with ties averaged: x ranks 1, 2.5, 2.5, 4; y ranks 1, 2, 3, 4.
    expect(spearman([1, 2, 2, 3], [1, 2, 3, 4])).toBeCloseTo(0.949, 3);
    expect(spearman([1, 2], [2, 1])).toBeNull();
    expect(spearman([1, 1, 1], [1, 2, 3])).toBeNull();
  });

  it('scores a design only from 20 answered rounds, as mean seconds hidden', () => {
    const rounds = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ elapsedMs: 15_000, found: false, playerId: `p${i}` }));
    expect(concealmentScore(rounds(19))).toBe(-1);
    expect(concealmentScore(rounds(20))).toBe(15);
    expect(
      concealmentScore(
        Array.from({ length: 20 }, (_, i) => ({ elapsedMs: 3_000, found: true, playerId: `p${i}` })),
      ),
    ).toBe(3);
  });

  it('a score stands on 20 players, none over 5% of it: one player with many rounds is one of 20 (decision 026)', () => {
    // 19 players found it at 3 s; one account's 20 rounds say 15 s. Before the rule these 39
    // rounds scored 9.2 s; now there are 20 players and the one weighs as one of them.
    const honest = Array.from({ length: 19 }, (_, i) => ({
      elapsedMs: 3_000,
      found: true,
      playerId: `p${i}`,
    }));
    const oneAccount = Array.from({ length: 20 }, () => ({ elapsedMs: 15_000, found: false, playerId: 'x' }));
    expect(concealmentScore([...honest, ...oneAccount])).toBeCloseTo((19 * 3 + 15) / 20, 6);
    // 20 rounds from fewer than 20 players: no score.
    expect(concealmentScore([...honest, { elapsedMs: 3_000, found: true, playerId: 'p0' }])).toBe(-1);
  });
});
