/**
 * The hot loop of calibration.ts#fitCensoredMixed, pure: the rounds' part of its log-likelihood
 * and of its derivatives in Olsen's parameters (theta = [delta, gamma]) and in the players' offsets
 * (v), at z = gamma y - x delta - v, each round's term by roundTerm (shared with calibration.ts's
 * fit without players). The rows are laid out flat once and every sum is taken in the same order as
 * before they were, so a fit is the same to the last bit.
 */
import { LOG_SQRT_2PI, logNormalTail, millsInverse } from './normal.js';

/**
 * One round's term of the log-likelihood in Olsen's parameters at z = gamma y - x delta, weighted
 * by w: its value, its first and second derivatives in z, and (a found round's log gamma, the
 * density's Jacobian) its own derivatives in gamma. A censored round contributes log P(Z > z).
 */
export function roundTerm(
  z: number,
  censored: boolean,
  w: number,
  gamma: number,
): { value: number; dz: number; dzz: number; dGamma: number; ddGamma: number } {
  if (censored) {
    // log Q(z) once, for the value and the inverse Mills ratio.
    const tail = logNormalTail(z);
    const lambda = millsInverse(z, tail);
    return {
      value: w * tail,
      dz: -w * lambda,
      dzz: -w * lambda * (lambda - z),
      dGamma: 0,
      ddGamma: 0,
    };
  }
  return {
    value: w * (Math.log(gamma) - LOG_SQRT_2PI - 0.5 * z * z),
    dz: -w * z,
    dzz: -w,
    dGamma: w / gamma,
    ddGamma: -w / (gamma * gamma),
  };
}

/** The rounds' part at one theta and v: the value, gradients and Hessian blocks (players' diagonal). */
export interface RoundsPart {
  value: number;
  gT: number[];
  hT: number[][];
  gV: number[];
  hV: number[];
  hTV: number[][];
}

/**
 * The rounds' part for `rows` (standardised: x with its leading 1, y = log seconds), each round's
 * player's index in `group`, of `players` players.
 */
export function roundsLikelihood(
  rows: readonly { x: readonly number[]; y: number; censored: boolean; weight: number }[],
  group: readonly number[],
  players: number,
): (t: readonly number[], u: readonly number[]) => RoundsPart {
  const p = rows[0]!.x.length;
  const q = p + 1;
  const n = rows.length;
  /** Each row's x, and its derivative of z in theta: [-x, y]. */
  const xs = new Float64Array(n * p);
  const dTheta = new Float64Array(n * q);
  rows.forEach(({ x, y }, i) => {
    for (let a = 0; a < p; a++) {
      xs[i * p + a] = x[a]!;
      dTheta[i * q + a] = -x[a]!;
    }
    dTheta[i * q + p] = y;
  });
  // A column that is 0 in every row (a measure's differences from its design's mean, where each
  // round of a design has the design's own measures) only ever adds a 0 to a sum that starts at +0,
  // which leaves it as it is: it is left out, in a row where nothing infinite would make it a NaN.
  const active = Int32Array.from(
    Array.from({ length: q }, (_, a) => a).filter((a) => rows.some((_, i) => dTheta[i * q + a] !== 0)),
  );
  const all = Int32Array.from({ length: q }, (_, a) => a);
  const finiteRow = rows.map((_, i) => dTheta.subarray(i * q, (i + 1) * q).every(Number.isFinite));

  return (t, u) => {
    const gamma = t[p]!;
    const gT = new Float64Array(q);
    const hT = new Float64Array(q * q);
    const gV = new Float64Array(players);
    const hV = new Float64Array(players);
    const hTV = new Float64Array(q * players);
    let value = 0;
    for (let i = 0; i < n; i++) {
      const { y, censored, weight: w } = rows[i]!;
      if (w === 0) continue;
      const g = group[i]!;
      let xd = u[g]!;
      for (let j = 0; j < p; j++) xd += t[j]! * xs[i * p + j]!;
      const z = gamma * y - xd;
      const { value: v, dz, dzz, dGamma, ddGamma } = roundTerm(z, censored, w, gamma);
      value += v;
      gT[p]! += dGamma;
      hT[p * q + p]! += ddGamma;
      const row = i * q;
      const columns = finiteRow[i] && Number.isFinite(dz) && Number.isFinite(dzz) ? active : all;
      for (let k = 0; k < columns.length; k++) {
        const a = columns[k]!;
        const da = dTheta[row + a]!;
        gT[a]! += dz * da;
        const dzzDa = dzz * da;
        const across = Number.isFinite(dzzDa) ? columns : all;
        for (let l = 0; l < across.length; l++) {
          const b = across[l]!;
          hT[a * q + b]! += dzzDa * dTheta[row + b]!;
        }
        hTV[a * players + g]! -= dzzDa;
      }
      gV[g]! -= dz;
      hV[g]! += dzz;
    }
    return {
      value,
      gT: Array.from(gT),
      hT: Array.from({ length: q }, (_, a) => Array.from(hT.subarray(a * q, (a + 1) * q))),
      gV: Array.from(gV),
      hV: Array.from(hV),
      hTV: Array.from({ length: q }, (_, a) => Array.from(hTV.subarray(a * players, (a + 1) * players))),
    };
  };
}
