import { describe, expect, it } from 'vitest';
import { oldEnough, playerRule, weighPlayers } from './players.js';

const ids = (counts: Record<string, number>) =>
  Object.entries(counts).flatMap(([id, n]) => Array.from({ length: n }, () => id));

const shares = (playerIds: string[]) => {
  const { weights, effectiveRounds } = weighPlayers(playerIds);
  const byPlayer = new Map<string, number>();
  playerIds.forEach((id, i) => byPlayer.set(id, (byPlayer.get(id) ?? 0) + weights[i]! / effectiveRounds));
  return byPlayer;
};

describe('who stands behind a measured figure (decision 026)', () => {
  it('counts every round fully when no player is over the cap or the median player', () => {
    const rounds = ids(Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`p${i}`, 4])));
    const w = weighPlayers(rounds);
    expect(w.enough).toBe(true);
    expect(w.players).toBe(25);
    expect(w.weights.every((x) => x === 1)).toBe(true);
    expect(w.effectiveRounds).toBe(100);
  });

  it('the probe: five accounts with all 47 designs among 40 players of 12 weigh as five typical players', () => {
    const honest = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`h${i}`, 12]));
    const attack = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`a${i}`, 47]));
    const rounds = ids({ ...honest, ...attack });
    const s = shares(rounds);
    // Unweighted they were 235 of 715 rounds (33%); now each weighs 12 rounds, as the median player.
    for (let i = 0; i < 5; i++) expect(s.get(`a${i}`)).toBeCloseTo(12 / (45 * 12), 9);
    for (const share of s.values()) expect(share).toBeLessThanOrEqual(playerRule.maxShare + 1e-9);
  });

  it('caps a player at 5% of the figure where the median player weighs more', () => {
    // 24 players of 10 rounds and one of 400: the 400 are capped to 5% of the total.
    const rounds = ids({
      ...Object.fromEntries(Array.from({ length: 24 }, (_, i) => [`p${i}`, 10])),
      big: 400,
    });
    const s = shares(rounds);
    expect(s.get('big')!).toBeLessThanOrEqual(0.05 + 1e-9);
    expect(s.get('big')!).toBeCloseTo(10 / 250, 9); // the median player's 10 rounds bind first
    const noMedian = weighPlayers(rounds, { ...playerRule, atMostTheMedianPlayer: false });
    const big = noMedian.weights.at(-1)! * 400;
    expect(big / noMedian.effectiveRounds).toBeCloseTo(0.05, 9);
  });

  it('measures nothing with fewer players than the rule asks, whatever the rounds', () => {
    expect(weighPlayers(ids({ a: 100, b: 100, c: 100, d: 100 })).enough).toBe(false);
    // 19 players cannot each be at most 5%.
    expect(
      weighPlayers(ids(Object.fromEntries(Array.from({ length: 19 }, (_, i) => [`p${i}`, 3])))).enough,
    ).toBe(false);
    expect(
      weighPlayers(ids(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`p${i}`, 3])))).enough,
    ).toBe(true);
    expect(weighPlayers([]).enough).toBe(false);
  });

  it('weighs the same rounds the same in any order', () => {
    const rounds = ids({
      ...Object.fromEntries(Array.from({ length: 22 }, (_, i) => [`p${i}`, i + 1])),
      x: 90,
    });
    const shuffled = [...rounds].reverse();
    const a = weighPlayers(rounds);
    const b = weighPlayers(shuffled);
    expect(b.weights).toEqual([...a.weights].reverse());
  });

  it("counts an account's rounds from the age gate on", () => {
    const made = new Date('2026-11-01T00:00:00Z');
    expect(oldEnough(made, new Date('2026-11-01T23:59:59Z'), 24)).toBe(false);
    expect(oldEnough(made, new Date('2026-11-02T00:00:00Z'), 24)).toBe(true);
    expect(oldEnough(made, made, 0)).toBe(true);
  });
});
