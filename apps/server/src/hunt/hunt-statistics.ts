import { HUNT_MIN_ROUNDS_FOR_SCORE, HUNT_TIME_LIMIT_MS } from '@camo/shared/hunt.schema';
import { weighPlayers } from '@camo/shared/players';
import { kaplanMeier } from '@camo/shared/survival';

/** The game's numbers, pure: a design's score, rank correlation, the median. */

/**
 * Mean seconds hidden, the design's score once it has enough rounds from enough players, none
 * over their share (@camo/shared/players, decision 026); -1 before.
 */
export function concealmentScore(rounds: { elapsedMs: number; found: boolean; playerId: string }[]): number {
  if (rounds.length < HUNT_MIN_ROUNDS_FOR_SCORE) return -1;
  const weighing = weighPlayers(rounds.map((r) => r.playerId));
  if (!weighing.enough) return -1;
  return (
    kaplanMeier(
      rounds.map((r, i) => ({ ms: r.elapsedMs, found: r.found, weight: weighing.weights[i] })),
      HUNT_TIME_LIMIT_MS,
    ).meanHiddenMs / 1000
  );
}

/** Spearman's rank correlation (average ranks for ties); null with fewer than 3 points. */
export function spearman(xs: number[], ys: number[]): number | null {
  if (xs.length < 3) return null;
  const ranks = (v: number[]) => {
    const order = v.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
    const r = new Array<number>(v.length);
    for (let i = 0; i < order.length;) {
      let j = i;
      while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
      for (let k = i; k <= j; k++) r[order[k]![1]] = (i + j) / 2 + 1;
      i = j + 1;
    }
    return r;
  };
  const [rx, ry] = [ranks(xs), ranks(ys)];
  const mean = (xs.length + 1) / 2;
  let num = 0;
  let dx = 0;
  let dy = 0;
  for (let i = 0; i < xs.length; i++) {
    num += (rx[i]! - mean) * (ry[i]! - mean);
    dx += (rx[i]! - mean) ** 2;
    dy += (ry[i]! - mean) ** 2;
  }
  return dx === 0 || dy === 0 ? null : Math.round((num / Math.sqrt(dx * dy)) * 1000) / 1000;
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
