import { describe, expect, it } from 'vitest';
import { concealmentScore, spearman } from './hunt-statistics.js';
import { randomPlacement } from './round.service.js';

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
    const rounds = (n: number) => Array.from({ length: n }, () => ({ elapsedMs: 15_000, found: false }));
    expect(concealmentScore(rounds(19))).toBe(-1);
    expect(concealmentScore(rounds(20))).toBe(15);
    expect(concealmentScore(Array.from({ length: 20 }, () => ({ elapsedMs: 3_000, found: true })))).toBe(3);
  });

  it('places a target whole inside the picture, in its lower two thirds', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 500; i++) {
      const p = randomPlacement(1280, 720, random);
      const half = p.size * 0.6;
      expect(p.x - half).toBeGreaterThanOrEqual(0);
      expect(p.x + half).toBeLessThanOrEqual(1280);
      expect(p.y + half).toBeLessThanOrEqual(720);
      expect(p.y).toBeGreaterThanOrEqual(720 / 3);
      expect(Math.abs(p.rotation)).toBeLessThanOrEqual(12);
    }
  });
});
