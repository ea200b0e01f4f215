/**
 * The game calibrates the predictor (issue 27, item 5), pure: a censored log-normal regression
 * (a Tobit model on log seconds) of the time a player took to find a design on the design's
 * predicted-concealment measures. log T = intercept + sum(weight * measure) + N(0, sigma^2); a round
 * that ended unfound is right-censored at the time it ended (15 s, or earlier after the misses
 * allowed): the target stayed hidden at least that long. Fitted by maximum likelihood with
 * Newton's method on standardised measures (decision 017).
 */
import type { MEASURE_NAMES } from '@camo/camo-engine';

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

const LOG_SQRT_2PI = 0.5 * Math.log(2 * Math.PI);

/** Complementary error function (W. J. Cody's rational Chebyshev form, relative error < 1.2e-7). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** log P(Z > z) for a standard normal Z, stable far into the tail. */
export function logNormalTail(z: number): number {
  if (z < 5) return Math.log(0.5 * erfc(z / Math.SQRT2));
  // Mills ratio asymptotic series: Q(z) ~ phi(z)/z * (1 - 1/z^2 + 3/z^4).
  const z2 = z * z;
  return -0.5 * z2 - LOG_SQRT_2PI - Math.log(z) + Math.log(1 - 1 / z2 + 3 / (z2 * z2));
}

/** P(Z <= z) for a standard normal Z. */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}

/** phi(z) / Q(z), the inverse Mills ratio. */
function millsInverse(z: number): number {
  return Math.exp(-0.5 * z * z - LOG_SQRT_2PI - logNormalTail(z));
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
  for (let j = 0; j < k; j++) sd[j] = Math.sqrt(sd[j]!) || 1;
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
    let dz: number;
    let dzz: number;
    if (censored) {
      const lambda = millsInverse(z);
      value += w * logNormalTail(z);
      dz = -w * lambda;
      dzz = -w * lambda * (lambda - z);
    } else {
      value += w * (Math.log(gamma) - LOG_SQRT_2PI - 0.5 * z * z);
      dz = -w * z;
      dzz = -w;
      gradient[p]! += w / gamma;
      hessian[p]![p]! -= w / (gamma * gamma);
    }
    const dTheta = [...x.map((v) => -v), y];
    for (let i = 0; i <= p; i++) {
      gradient[i]! += dz * dTheta[i]!;
      for (let j = 0; j <= p; j++) hessian[i]![j]! += dzz * dTheta[i]! * dTheta[j]!;
    }
  }
  return { value, gradient, hessian };
}

/** Solves A v = b by Gaussian elimination with partial pivoting (A is small and symmetric). */
function solve(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    if (Math.abs(m[pivot]![c]!) < 1e-12) return null;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    for (let r = c + 1; r < n; r++) {
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  const v = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r]![n]!;
    for (let k = r + 1; k < n; k++) s -= m[r]![k]! * v[k]!;
    v[r] = s / m[r]![r]!;
  }
  return v;
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
    const step = solve(
      current.hessian.map((row) => row.map((v) => -v)),
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
