/**
 * Kaplan-Meier estimate of how long a design stays hidden (issue 11), as vision scientists
 * measure concealment in search games: each round is a time to detection, and a round that ended
 * unfound is censored at its time limit (the target was still hidden then; how much longer is
 * unknown).
 */
export interface SurvivalObservation {
  /** Time from the image appearing to the end of the round, in ms. */
  ms: number;
  /** True: the target was found at `ms`. False: censored (still hidden when the round ended). */
  found: boolean;
  /**
   * How much the round counts, 1 unless its player is over their share of the figure
   * (players.ts, decision 026): the at-risk set and the events are sums of weights.
   */
  weight?: number;
}

export interface SurvivalStep {
  /** An event time in ms. */
  ms: number;
  /** The estimated share still hidden just after `ms`. */
  hidden: number;
}

export interface SurvivalSummary {
  rounds: number;
  found: number;
  /** The curve: starts at { ms: 0, hidden: 1 }, one step per distinct detection time. */
  curve: SurvivalStep[];
  /** Share found by `limitMs`: 1 - S(limit). */
  foundShare: number;
  /** The first time the estimate falls to 0.5 or below; null while more than half stay hidden. */
  medianMs: number | null;
  /**
   * Restricted mean time hidden up to `limitMs` (the area under the curve), in ms: one number that
   * orders designs by how well they hide, using every round, found or not.
   */
  meanHiddenMs: number;
}

export function kaplanMeier(observations: readonly SurvivalObservation[], limitMs: number): SurvivalSummary {
  const { rounds, found, steps } = eventTimes(observations, limitMs);
  const curve: SurvivalStep[] = [{ ms: 0, hidden: 1 }];
  let hidden = 1;
  for (const { ms, events, atRisk } of steps) {
    hidden *= Math.max(0, 1 - events / atRisk);
    curve.push({ ms, hidden });
  }
  let meanHiddenMs = 0;
  for (let k = 0; k < curve.length; k++) {
    const until = k + 1 < curve.length ? curve[k + 1]!.ms : limitMs;
    meanHiddenMs += curve[k]!.hidden * (until - curve[k]!.ms);
  }
  const median = curve.find((step) => step.hidden <= 0.5);
  return {
    rounds,
    found,
    curve,
    foundShare: rounds > 0 ? 1 - hidden : 0,
    medianMs: median ? median.ms : null,
    meanHiddenMs: rounds > 0 ? meanHiddenMs : limitMs,
  };
}

/**
 * The rounds' distinct detection times, each with its (weighted) detections and the weight still
 * at risk just before it; rounds past the limit are censored at it. Ties: detections at a time
 * count before censorings at the same time (the usual convention).
 */
function eventTimes(
  observations: readonly SurvivalObservation[],
  limitMs: number,
): { rounds: number; found: number; steps: { ms: number; events: number; atRisk: number }[] } {
  const sorted = observations
    .map((o) => ({
      ms: Math.min(Math.max(0, o.ms), limitMs),
      found: o.found && o.ms <= limitMs,
      weight: o.weight ?? 1,
    }))
    .sort((a, b) => a.ms - b.ms || Number(b.found) - Number(a.found));
  const steps: { ms: number; events: number; atRisk: number }[] = [];
  let atRisk = sorted.reduce((sum, o) => sum + o.weight, 0);
  let i = 0;
  while (i < sorted.length) {
    const ms = sorted[i]!.ms;
    let events = 0;
    let leaving = 0;
    while (i < sorted.length && sorted[i]!.ms === ms) {
      if (sorted[i]!.found) events += sorted[i]!.weight;
      leaving += sorted[i]!.weight;
      i++;
    }
    if (events > 0 && atRisk > 1e-12) steps.push({ ms, events, atRisk });
    atRisk -= leaving;
  }
  return { rounds: sorted.length, found: sorted.filter((o) => o.found).length, steps };
}

/** A Kaplan-Meier median with its confidence interval, in ms; a bound is null where the data set none. */
export interface MedianInterval {
  medianMs: number | null;
  lowMs: number | null;
  highMs: number | null;
}

/**
 * The Kaplan-Meier median's confidence interval by Brookmeyer & Crowley (1982, Biometrics 38:
 * 29-41): the times whose pointwise interval for S(t) holds 0.5, with Greenwood's variance on the
 * log scale (the default of R's survival package, `conf.type = "log"`). The low bound is the first
 * event time whose interval's lower limit is at most 0.5, the high bound the first whose upper
 * limit is; a bound the curve never reaches is null (the median is not known to be under the
 * round's limit). Weighted rounds (players.ts) count by their weights, as in kaplanMeier.
 */
export function medianInterval(
  observations: readonly SurvivalObservation[],
  limitMs: number,
  z = 1.959964,
): MedianInterval {
  let hidden = 1;
  let greenwood = 0;
  let medianMs: number | null = null;
  let lowMs: number | null = null;
  let highMs: number | null = null;
  for (const { ms, events, atRisk } of eventTimes(observations, limitMs).steps) {
    hidden *= Math.max(0, 1 - events / atRisk);
    greenwood += atRisk - events > 1e-12 ? events / (atRisk * (atRisk - events)) : Infinity;
    const spread = Math.exp(z * Math.sqrt(greenwood));
    if (medianMs === null && hidden <= 0.5) medianMs = ms;
    if (lowMs === null && hidden / spread <= 0.5) lowMs = ms;
    if (highMs === null && hidden * spread <= 0.5) highMs = ms;
  }
  return { medianMs, lowMs, highMs };
}
