/**
 * The game calibrates the predictor (issue 27, item 5), pure: a censored log-normal regression
 * (a Tobit model on log seconds) of the time a player took to find a design on the design's
 * predicted-concealment measures. log T = intercept + sum(weight * measure) + N(0, sigma^2); a round
 * that ended unfound is right-censored at the time it ended (15 s, or earlier after the misses
 * allowed): the target stayed hidden at least that long. Fitted by maximum likelihood with
 * Newton's method on standardised measures (decision 017).
 */
import type { MEASURE_NAMES } from '@camo/camo-engine';
import { roundsLikelihood, roundTerm, type RoundsPart } from './calibration-likelihood.js';
import { solve } from './normal.js';

export interface CensoredTime {
  /** The design's measures, in a fixed order. */
  x: readonly number[];
  /** Seconds to find it, or to the end of the round when it was not found. */
  seconds: number;
  found: boolean;
  /**
   * How much the round counts in the likelihood: 1, or less for a player over their share of the
   * fit (`weighPlayers`, @camo/shared/players, decision 026).
   */
  weight?: number;
}

export interface CensoredFit {
  intercept: number;
  coefficients: number[];
  sigma: number;
  /** Maximum log-likelihood reached. */
  logLikelihood: number;
  iterations: number;
}

interface Standardised {
  rows: { x: number[]; y: number; censored: boolean; weight: number }[];
  mean: number[];
  sd: number[];
}

function standardise(data: readonly CensoredTime[]): Standardised {
  const k = data[0]!.x.length;
  const mean = new Array<number>(k).fill(0);
  const sd = new Array<number>(k).fill(0);
  for (const d of data) for (let j = 0; j < k; j++) mean[j]! += d.x[j]! / data.length;
  for (const d of data) for (let j = 0; j < k; j++) sd[j]! += (d.x[j]! - mean[j]!) ** 2 / data.length;
  // A column that does not vary (rounding aside) stands at 0 and gets no weight: its SD is infinite.
  for (let j = 0; j < k; j++) {
    const s = Math.sqrt(sd[j]!);
    sd[j] = s > 1e-9 * (1 + Math.abs(mean[j]!)) ? s : Number.POSITIVE_INFINITY;
  }
  const rows = data.map((d) => ({
    x: [1, ...d.x.map((v, j) => (v - mean[j]!) / sd[j]!)],
    y: Math.log(Math.max(d.seconds, 0.05)),
    censored: !d.found,
    weight: d.weight ?? 1,
  }));
  return { rows, mean, sd };
}

/**
 * Log-likelihood, gradient and Hessian in Olsen's parameters theta = [beta / sigma, 1 / sigma],
 * in which the censored-normal likelihood is globally concave (Olsen 1978, Econometrica 46: 1211).
 * With z = gamma * y - x . delta: a found round adds log gamma - z^2 / 2, a censored one log Q(z).
 */
function likelihood(
  rows: Standardised['rows'],
  theta: readonly number[],
): { value: number; gradient: number[]; hessian: number[][] } {
  const p = theta.length - 1;
  const gamma = theta[p]!;
  const gradient = new Array<number>(p + 1).fill(0);
  const hessian = theta.map(() => new Array<number>(p + 1).fill(0));
  let value = 0;
  for (const { x, y, censored, weight: w } of rows) {
    if (w === 0) continue;
    let xd = 0;
    for (let j = 0; j < p; j++) xd += theta[j]! * x[j]!;
    const z = gamma * y - xd;
    // d value / dz, and d^2 value / dz^2; then z's own derivatives: dz/d delta = -x, dz/d gamma = y.
    const term = roundTerm(z, censored, w, gamma);
    value += term.value;
    const { dz, dzz } = term;
    gradient[p]! += term.dGamma;
    hessian[p]![p]! += term.ddGamma;
    const dTheta = [...x.map((v) => -v), y];
    for (let i = 0; i <= p; i++) {
      gradient[i]! += dz * dTheta[i]!;
      for (let j = 0; j <= p; j++) hessian[i]![j]! += dzz * dTheta[i]! * dTheta[j]!;
    }
  }
  return { value, gradient, hessian };
}

/**
 * Maximum-likelihood fit of the censored log-normal model: Newton steps, halved until the
 * likelihood rises (it is concave in these parameters, so this converges from any start).
 */
export function fitCensoredLogNormal(data: readonly CensoredTime[], maxIterations = 100): CensoredFit {
  if (data.length < 2) throw new Error('At least two rounds are needed for a fit.');
  const { rows, mean, sd } = standardise(data);
  const p = rows[0]!.x.length;
  const ys = rows.map((r) => r.y);
  const yMean = ys.reduce((a, b) => a + b, 0) / ys.length;
  const ySd = Math.sqrt(ys.reduce((a, b) => a + (b - yMean) ** 2, 0) / ys.length) || 1;
  let theta = [yMean / ySd, ...new Array<number>(p - 1).fill(0), 1 / ySd];
  let current = likelihood(rows, theta);
  let iterations = 0;
  for (; iterations < maxIterations; iterations++) {
    // A column that does not vary gets no step rather than a singular system.
    const step = solve(
      current.hessian.map((row, i) => row.map((v, j) => -v + (i === j && i < p ? 1e-9 * rows.length : 0))),
      current.gradient,
    );
    if (!step) break;
    let scale = 1;
    let next = theta.map((t, i) => t + step[i]!);
    let candidate = next[p]! > 0 ? likelihood(rows, next) : null;
    while (!(candidate && candidate.value >= current.value) && scale > 1e-8) {
      scale /= 2;
      next = theta.map((t, i) => t + scale * step[i]!);
      candidate = next[p]! > 0 ? likelihood(rows, next) : null;
    }
    if (!candidate || !(candidate.value >= current.value)) break;
    const gain = candidate.value - current.value;
    theta = next;
    current = candidate;
    if (gain < 1e-10) break;
  }
  // Back to beta and sigma, and from standardised measures to the measures' own units.
  const sigma = 1 / theta[p]!;
  const beta = theta.slice(0, p).map((v) => v * sigma);
  const coefficients = mean.map((_, j) => beta[j + 1]! / sd[j]!);
  const intercept = beta[0]! - coefficients.reduce((acc, c, j) => acc + c * mean[j]!, 0);
  return { intercept, coefficients, sigma, logLikelihood: current.value, iterations };
}

/**
 * The direction the literature gives each measure: +1 where more of it makes a target harder to
 * find (a longer time), -1 where it makes it easier (decision 026). More colour or luminance
 * contrast with the surround, or a texture unlike the ground's, gets a target found sooner
 * (Troscianko, Skelhorn & Stevens 2017; Stoddard & Stevens 2010); a higher GabRat (more false
 * edges across the outline, less visible outline) keeps it hidden longer (Troscianko et al. 2017).
 */
export const LITERATURE_DIRECTION = {
  colourContrast: -1,
  luminanceContrast: -1,
  gabrat: 1,
  textureDifference: -1,
} as const satisfies Record<(typeof MEASURE_NAMES)[number], 1 | -1>;

export type MeasureName = keyof typeof LITERATURE_DIRECTION;

/**
 * The measures whose fitted weight goes against the literature's direction (a zero weight is
 * not a reversal); a fit with any is not used (decision 026).
 */
export function reversedMeasures(weights: Record<MeasureName, number>): MeasureName[] {
  return (Object.keys(LITERATURE_DIRECTION) as MeasureName[]).filter(
    (name) => weights[name] * LITERATURE_DIRECTION[name] < 0,
  );
}

/**
 * Share of design pairs the prediction orders as the game measured them (pairs tied on either
 * side are left out); null without a pair to compare.
 */
export function pairwiseAgreement(predicted: readonly number[], measured: readonly number[]): number | null {
  let agree = 0;
  let pairs = 0;
  for (let i = 0; i < predicted.length; i++)
    for (let j = i + 1; j < predicted.length; j++) {
      const a = Math.sign(predicted[i]! - predicted[j]!);
      const b = Math.sign(measured[i]! - measured[j]!);
      if (a === 0 || b === 0) continue;
      pairs++;
      if (a === b) agree++;
    }
  return pairs === 0 ? null : agree / pairs;
}

/** A round and who played it: the player's own speed is a random intercept in the fit. */
export interface PlayedTime extends CensoredTime {
  player: string;
}

export interface MixedFit extends CensoredFit {
  /** The SD of the players' own speeds, in log seconds (the random intercept's). */
  playerSd: number;
  /** Each player's predicted offset (log seconds; negative: finds targets sooner than most). */
  offsets: Map<string, number>;
}

/**
 * The censored log-normal model with a player's own speed (decision 029):
 * log T = intercept + x . beta + u_player + e, u ~ N(0, tau^2), e ~ N(0, sigma^2), each round
 * right-censored where it ended unfound. In Olsen's parameters (delta = beta / sigma, gamma =
 * 1 / sigma, v = u / sigma) the rounds' log-likelihood is concave and linear in v, so for a given
 * rho^2 = tau^2 / sigma^2 the penalised likelihood (minus sum v^2 / 2 rho^2) is maximised jointly
 * by Newton's method, the players' block of the Hessian being diagonal (a Schur complement keeps a
 * step at O(players)). rho^2 is then re-estimated as the mean of v^2 plus v's posterior variance
 * (the Laplace approximation's EM step: Breslow & Clayton 1993, JASA 88: 9-25; for a censored
 * response, the same as a Tobit model with a random intercept), until it settles.
 */
export function fitCensoredMixed(
  data: readonly PlayedTime[],
  options: { maxOuter?: number; maxInner?: number } = {},
): MixedFit {
  if (data.length < 2) throw new Error('At least two rounds are needed for a fit.');
  const { rows, mean, sd } = standardise(data);
  const index = new Map<string, number>();
  const group = data.map((d) => {
    let g = index.get(d.player);
    if (g === undefined) index.set(d.player, (g = index.size));
    return g;
  });
  const players = index.size;
  const p = rows[0]!.x.length;
  const ys = rows.map((r) => r.y);
  const yMean = ys.reduce((a, b) => a + b, 0) / ys.length;
  const ySd = Math.sqrt(ys.reduce((a, b) => a + (b - yMean) ** 2, 0) / ys.length) || 1;
  let theta = [yMean / ySd, ...new Array<number>(p - 1).fill(0), 1 / ySd];
  let v = new Array<number>(players).fill(0);
  let rho2 = 0.1;

  // The rounds' part of the likelihood, its derivatives in theta and v (calibration-likelihood.ts).
  const roundsPart = roundsLikelihood(rows, group, players);
  // The players' penalty for a given rho^2, on a copy of the rounds' part (kept: when only rho^2
  // changes, the rounds' part is the same).
  const penalised = (part: RoundsPart, u: readonly number[]): RoundsPart => {
    let value = part.value;
    const gV = [...part.gV];
    const hV = [...part.hV];
    for (let g = 0; g < players; g++) {
      value -= (0.5 * u[g]! * u[g]!) / rho2;
      gV[g]! -= u[g]! / rho2;
      hV[g]! -= 1 / rho2;
    }
    return { value, gT: part.gT, hT: part.hT, gV, hV, hTV: part.hTV };
  };
  const evaluate = (t: readonly number[], u: readonly number[]) => {
    const part = roundsPart(t, u);
    return { part, ...penalised(part, u) };
  };

  let iterations = 0;
  let current = evaluate(theta, v);
  const maxOuter = options.maxOuter ?? 200;
  const maxInner = options.maxInner ?? 50;
  for (let outer = 0; outer < maxOuter; outer++) {
    // The same theta and v as current's, a new rho^2: only the penalty is taken again.
    current = { part: current.part, ...penalised(current.part, v) };
    for (let inner = 0; inner < maxInner; inner++, iterations++) {
      // Newton's step on -H: [A B; B' D] [st; sv] = [gT; gV], D diagonal.
      const { gT, hT, gV, hV, hTV } = current;
      const d = hV.map((h) => -h);
      const schur = hT.map((row, a) =>
        row.map((h, b) => {
          let s = -h;
          const ha = hTV[a]!;
          const hb = hTV[b]!;
          for (let g = 0; g < players; g++) s -= (ha[g]! * hb[g]!) / d[g]!;
          return s;
        }),
      );
      const rhs = gT.map((gv, a) => {
        let s = gv;
        const ha = hTV[a]!;
        for (let g = 0; g < players; g++) s -= (-ha[g]! * gV[g]!) / d[g]!;
        return s;
      });
      // A measure that does not vary (every round's difference from its design's mean is 0 where
      // a design was only ever measured once) gets no step rather than a singular system.
      for (let a = 0; a < p; a++) schur[a]![a]! += 1e-9 * rows.length;
      const st = solve(schur, rhs);
      if (!st) break;
      const sv = gV.map((gv, g) => {
        let s = gv;
        for (let a = 0; a <= p; a++) s -= -hTV[a]![g]! * st[a]!;
        return s / d[g]!;
      });
      let scale = 1;
      let candidate: ReturnType<typeof evaluate> | null = null;
      let nextT = theta;
      let nextV = v;
      while (scale > 1e-8) {
        nextT = theta.map((t, i) => t + scale * st[i]!);
        nextV = v.map((u, g) => u + scale * sv[g]!);
        candidate = nextT[p]! > 0 ? evaluate(nextT, nextV) : null;
        if (candidate && candidate.value >= current.value) break;
        scale /= 2;
      }
      if (!candidate || !(candidate.value >= current.value)) break;
      const gain = candidate.value - current.value;
      theta = nextT;
      v = nextV;
      current = candidate;
      if (gain < 1e-10) break;
    }
    // rho^2 from the players' offsets and their posterior variances (the diagonal of -H's inverse,
    // taken as 1 / D: the players' block dominates it).
    let next = 0;
    for (let g = 0; g < players; g++) next += v[g]! * v[g]! + 1 / -current.hV[g]!;
    next = Math.max(1e-6, next / Math.max(1, players));
    const change = Math.abs(next - rho2) / rho2;
    rho2 = next;
    if (change < 1e-5) break;
  }
  const sigma = 1 / theta[p]!;
  const beta = theta.slice(0, p).map((t) => t * sigma);
  const coefficients = mean.map((_, j) => beta[j + 1]! / sd[j]!);
  const intercept = beta[0]! - coefficients.reduce((acc, c, j) => acc + c * mean[j]!, 0);
  const offsets = new Map([...index].map(([player, g]) => [player, v[g]! * sigma]));
  return {
    intercept,
    coefficients,
    sigma,
    playerSd: Math.sqrt(rho2) * sigma,
    offsets,
    logLikelihood: current.value,
    iterations,
  };
}

/**
 * Each round's measures as its design's mean over its rounds and the round's difference from that
 * mean (Mundlak 1978, Econometrica 46: 69-85): the weights on the means are the design's (what the
 * predictor's averaged measures are judged by), those on the differences take whatever where the
 * target stood adds. A round measured apart from what its player saw (its photo's ground, not the
 * scene's) shrinks only the differences' weights, never the means' (decision 029).
 */
export function designMeansAndDifferences<R extends { design: string; x: readonly number[] }>(
  rounds: readonly R[],
): { means: Map<string, number[]>; x: number[][] } {
  const sums = new Map<string, { n: number; sum: number[] }>();
  for (const r of rounds) {
    const s = sums.get(r.design) ?? { n: 0, sum: r.x.map(() => 0) };
    s.n++;
    r.x.forEach((v, j) => (s.sum[j]! += v));
    sums.set(r.design, s);
  }
  const means = new Map([...sums].map(([d, s]) => [d, s.sum.map((v) => v / s.n)]));
  return {
    means,
    x: rounds.map((r) => [...means.get(r.design)!, ...r.x.map((v, j) => v - means.get(r.design)![j]!)]),
  };
}
