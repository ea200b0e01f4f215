import type { Lab } from '../color/lab.js';
import { mulberry32 } from './prng.js';

export interface Cluster {
  lab: Lab;
  /** Share of the input pixels (or of the total weight) assigned to this cluster. */
  share: number;
}

export interface LabPoints {
  L: Float32Array;
  A: Float32Array;
  B: Float32Array;
  /** Optional per-point weight (defaults to 1). */
  W?: Float32Array;
}

/**
 * k-means++ (Arthur and Vassilvitskii 2007) in CIELAB with Euclidean assignment, seeded so
 * the result is deterministic. Returns clusters sorted by share, largest first.
 */
export function kmeansLab(points: LabPoints, k: number, seed = 1, maxIter = 40, greedy = true): Cluster[] {
  const n = points.L.length;
  const { L, A, B, W } = points;
  const rand = mulberry32(seed);
  const cL: number[] = [];
  const cA: number[] = [];
  const cB: number[] = [];
  const d2 = new Float64Array(n).fill(Infinity);
  const weight = (i: number): number => (W ? (W[i] ?? 0) : 1);
  let total = 0;
  for (let i = 0; i < n; i++) total += weight(i);
  // First centre: weighted random point.
  let pick = rand() * total;
  let first = 0;
  for (let i = 0; i < n; i++) {
    pick -= weight(i);
    if (pick <= 0) {
      first = i;
      break;
    }
  }
  cL.push(L[first] ?? 0);
  cA.push(A[first] ?? 0);
  cB.push(B[first] ?? 0);
  // Greedy k-means++ (as in scikit-learn): draw a few candidates per step and keep the one that
  // lowers the potential most. Much less sensitive to the seed than plain k-means++ (greedy =
  // false: one candidate per step, Arthur and Vassilvitskii's original seeding).
  const candidates = greedy ? 2 + Math.floor(Math.log(k)) : 1;
  const trial = new Float64Array(n);
  const update = (l: number, a: number, b: number, into: Float64Array, from: Float64Array): number => {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const dl = (L[i] ?? 0) - l;
      const da = (A[i] ?? 0) - a;
      const db = (B[i] ?? 0) - b;
      const d = Math.min(dl * dl + da * da + db * db, from[i] ?? 0);
      into[i] = d;
      sum += d * weight(i);
    }
    return sum;
  };
  let potential = update(cL[0] ?? 0, cA[0] ?? 0, cB[0] ?? 0, d2, d2);
  while (cL.length < k) {
    if (potential <= 0) break;
    let bestIdx = -1;
    let bestPot = Infinity;
    for (let t = 0; t < candidates; t++) {
      let r = rand() * potential;
      let chosen = n - 1;
      for (let i = 0; i < n; i++) {
        r -= (d2[i] ?? 0) * weight(i);
        if (r <= 0) {
          chosen = i;
          break;
        }
      }
      const pot = update(L[chosen] ?? 0, A[chosen] ?? 0, B[chosen] ?? 0, trial, d2);
      if (pot < bestPot) {
        bestPot = pot;
        bestIdx = chosen;
      }
    }
    cL.push(L[bestIdx] ?? 0);
    cA.push(A[bestIdx] ?? 0);
    cB.push(B[bestIdx] ?? 0);
    potential = update(L[bestIdx] ?? 0, A[bestIdx] ?? 0, B[bestIdx] ?? 0, d2, d2);
  }
  const kk = cL.length;
  const sW = lloyd(points, cL, cA, cB, maxIter, (changed) => changed === 0);
  const out: Cluster[] = [];
  for (let c = 0; c < kk; c++) {
    const w = sW[c] ?? 0;
    if (w > 0) out.push({ lab: { L: cL[c] ?? 0, a: cA[c] ?? 0, b: cB[c] ?? 0 }, share: w / total });
  }
  out.sort((p, q) => q.share - p.share);
  return out;
}

/** Centre coordinates, updated in place: plain arrays or typed ones. */
type Coords = { [i: number]: number; readonly length: number };

/**
 * Lloyd's iterations from the given centres (moved in place): each point to its nearest centre
 * (Euclidean in CIELAB), then each centre to its points' weighted mean, at most `maxIter` times or
 * until `stop` says so, given how many points changed centre and how far the furthest centre moved.
 * Returns each centre's weight in the last assignment. k-means++ ends its clustering with it, and
 * the palette settles its chosen clustering on a denser sample with it (analysis/ground-palette.ts).
 */
export function lloyd(
  points: LabPoints,
  cL: Coords,
  cA: Coords,
  cB: Coords,
  maxIter: number,
  stop: (changed: number, moved: number) => boolean,
): Float64Array {
  const { L, A, B, W } = points;
  const n = L.length;
  const kk = cL.length;
  const assign = new Int32Array(n).fill(-1);
  const sL = new Float64Array(kk);
  const sA = new Float64Array(kk);
  const sB = new Float64Array(kk);
  const sW = new Float64Array(kk);
  for (let iter = 0; iter < maxIter; iter++) {
    let changed = 0;
    sL.fill(0);
    sA.fill(0);
    sB.fill(0);
    sW.fill(0);
    for (let i = 0; i < n; i++) {
      const l = L[i] ?? 0;
      const a = A[i] ?? 0;
      const b = B[i] ?? 0;
      let best = 0;
      let bestD = Infinity;
      for (let c = 0; c < kk; c++) {
        const dl = l - (cL[c] ?? 0);
        const da = a - (cA[c] ?? 0);
        const db = b - (cB[c] ?? 0);
        const d = dl * dl + da * da + db * db;
        if (d < bestD) {
          bestD = d;
          best = c;
        }
      }
      if (assign[i] !== best) {
        assign[i] = best;
        changed++;
      }
      const w = W ? (W[i] ?? 0) : 1;
      sL[best] = (sL[best] ?? 0) + l * w;
      sA[best] = (sA[best] ?? 0) + a * w;
      sB[best] = (sB[best] ?? 0) + b * w;
      sW[best] = (sW[best] ?? 0) + w;
    }
    let moved = 0;
    for (let c = 0; c < kk; c++) {
      const w = sW[c] ?? 0;
      if (w > 0) {
        const l = (sL[c] ?? 0) / w;
        const a = (sA[c] ?? 0) / w;
        const b = (sB[c] ?? 0) / w;
        moved = Math.max(moved, Math.hypot(l - (cL[c] ?? 0), a - (cA[c] ?? 0), b - (cB[c] ?? 0)));
        cL[c] = l;
        cA[c] = a;
        cB[c] = b;
      }
    }
    if (stop(changed, moved)) break;
  }
  return sW;
}

/** Assigns each Lab point to the nearest of the given centres (Euclidean) and returns the share per centre. */
export function sharesByNearest(points: LabPoints, centres: readonly Lab[]): number[] {
  const shares = new Array<number>(centres.length).fill(0);
  const n = points.L.length;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const l = points.L[i] ?? 0;
    const a = points.A[i] ?? 0;
    const b = points.B[i] ?? 0;
    let best = 0;
    let bestD = Infinity;
    for (let c = 0; c < centres.length; c++) {
      const ce = centres[c];
      if (!ce) continue;
      const d = (l - ce.L) ** 2 + (a - ce.a) ** 2 + (b - ce.b) ** 2;
      if (d < bestD) {
        bestD = d;
        best = c;
      }
    }
    const w = points.W ? (points.W[i] ?? 0) : 1;
    shares[best] = (shares[best] ?? 0) + w;
    total += w;
  }
  return shares.map((s) => s / (total || 1));
}

/** Inertia (weighted sum of squared distances to the nearest centre). */
export function inertia(points: LabPoints, centres: readonly Lab[]): number {
  let s = 0;
  for (let i = 0; i < points.L.length; i++) {
    let best = Infinity;
    for (const c of centres) {
      const d =
        ((points.L[i] ?? 0) - c.L) ** 2 + ((points.A[i] ?? 0) - c.a) ** 2 + ((points.B[i] ?? 0) - c.b) ** 2;
      if (d < best) best = d;
    }
    s += best * (points.W ? (points.W[i] ?? 0) : 1);
  }
  return s;
}

/**
 * Best of several seeded k-means++ runs (lowest inertia). k-means can settle in different local
 * minima from different starts; taking the best of a few makes the clusters stable between runs
 * on differently sampled copies of the same photo.
 */
export function kmeansBest(points: LabPoints, k: number, seed = 1, tries = 4): Cluster[] {
  let best: Cluster[] = [];
  let bestI = Infinity;
  for (let t = 0; t < tries; t++) {
    const c = kmeansLab(points, k, seed + t * 7919);
    const v = inertia(
      points,
      c.map((x) => x.lab),
    );
    if (v < bestI) {
      bestI = v;
      best = c;
    }
  }
  return best;
}
