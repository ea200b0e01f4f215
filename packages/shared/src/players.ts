/**
 * Who stands behind a measured figure (decision 026): the one rule a design's score in the game,
 * the predictor's calibration and, later, breeding read. A figure measured by people is counted
 * only when enough different people stand behind it and none of them carries too much of it, so a
 * handful of accounts cannot steer it (five accounts playing every design at reversed times
 * flipped three of the four fitted weights and "Hardest to spot", issue game-integrity).
 */
export const playerRule = {
  /** At least this many distinct players stand behind any measured figure. */
  minPlayers: 5,
  /**
   * No player carries more than this share of a figure's weight: a player above it has each of
   * their rounds down-weighted until their share is this. A figure where the cap cannot hold (fewer
   * than 1 / maxShare players, 20) is not measured: a design's score needs 20 rounds, one a player.
   */
  maxShare: 0.05,
  /**
   * Nor more than the typical player: nobody's rounds weigh more in all than the median player's
   * count of rounds in the figure (one, in a design's score, where a player meets a design once).
   */
  atMostTheMedianPlayer: true,
} as const;

export type PlayerRule = { minPlayers: number; maxShare: number; atMostTheMedianPlayer: boolean };

export interface PlayerWeighting {
  /** One weight per round, in the order given: 1, or less for a player over the cap. */
  weights: number[];
  /** Distinct players. */
  players: number;
  /** The figure may be measured: at least minPlayers players and the cap holds. */
  enough: boolean;
  /** The sum of the weights: the rounds the figure stands on once capped. */
  effectiveRounds: number;
}

/**
 * Each round's weight under the rule: a player's n rounds count fully up to a level c, above it
 * each counts c / n (water-filling), with c the largest level at which no player's weight exceeds
 * maxShare of the total, c = maxShare * sum(min(n_p, c)), and no more than the median player's n.
 * Deterministic: the same rounds always weigh the same, whatever their order, and the weights do
 * not look at the times, so honest play is down-weighted without bias.
 */
export function weighPlayers(playerIds: readonly string[], rule: PlayerRule = playerRule): PlayerWeighting {
  const counts = new Map<string, number>();
  for (const id of playerIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  const players = counts.size;
  const sizes = [...counts.values()].sort((a, b) => a - b);
  // The cap binds the largest players; try capping the top k (k = 0 first: nobody above it).
  // With the top k capped at c: c = s * (sum of the others + k c), so c = s * rest / (1 - s k).
  let level = Infinity;
  let rest = sizes.reduce((a, b) => a + b, 0);
  const s = rule.maxShare;
  let feasible = false;
  for (let k = 0; k <= sizes.length; k++) {
    if (k > 0) rest -= sizes[sizes.length - k]!;
    if (1 - s * k <= 0) break;
    const c = (s * rest) / (1 - s * k);
    const largestUncapped = k < sizes.length ? sizes[sizes.length - k - 1]! : 0;
    const smallestCapped = k > 0 ? sizes[sizes.length - k]! : Infinity;
    if (largestUncapped <= c + 1e-9 && c <= smallestCapped + 1e-9 && c > 0) {
      level = k === 0 ? Infinity : c;
      feasible = true;
      break;
    }
  }
  if (rule.atMostTheMedianPlayer && sizes.length > 0) {
    const mid = sizes.length >> 1;
    level = Math.min(level, sizes.length % 2 ? sizes[mid]! : (sizes[mid - 1]! + sizes[mid]!) / 2);
  }
  const weights = playerIds.map((id) => (feasible ? Math.min(1, level / counts.get(id)!) : 0));
  const effectiveRounds = weights.reduce((a, b) => a + b, 0);
  return { weights, players, enough: feasible && players >= rule.minPlayers, effectiveRounds };
}

/**
 * A round counts in a measured figure only when its player's account was at least the contest's
 * age gate old when the round was made (CONTEST_MIN_ACCOUNT_AGE_HOURS, as for contest votes): an
 * account made to steer a figure waits a day before its rounds count.
 */
export function oldEnough(accountCreatedAt: Date, playedAt: Date, minAccountAgeHours: number): boolean {
  return accountCreatedAt.getTime() <= playedAt.getTime() - minAccountAgeHours * 3_600_000;
}
