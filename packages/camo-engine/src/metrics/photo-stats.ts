import type { Photo } from '../types.js';
import { groundSlope, groundView } from '../analysis/ground.js';
import { ciede2000 } from './ciede2000.js';
import { kmeansBest, kmeansLab, type Cluster, type LabPoints } from './kmeans.js';

export interface PhotoStats {
  clusters: Cluster[];
  meanL: number;
  stdL: number;
  slope: number;
}

export function meanStd(values: Float32Array): { mean: number; std: number } {
  let s = 0;
  for (const v of values) s += v;
  const mean = s / (values.length || 1);
  let v2 = 0;
  for (const v of values) v2 += (v - mean) * (v - mean);
  return { mean, std: Math.sqrt(v2 / (values.length || 1)) };
}

/**
 * The photo side of the G2-G4 measures, on the photo's ground (sky and sea or lake at the horizon
 * left out, see analysis/sky.ts; the whole photo when it shows none): k-means++ (k = 5) colour
 * clusters in CIELAB, L* mean and spread, and the spectral slope of L* (the centred square crop of
 * the ground at the photo's resolution).
 */
export function photoStats(
  photo: Photo,
  opts: { k?: number; seed?: number; maxPixels?: number } = {},
): PhotoStats & { groundShare: number; points: LabPoints } {
  const view = groundView(photo, opts.maxPixels ?? 400_000);
  const clusters = kmeansBest(view.points, opts.k ?? 5, opts.seed ?? 12345);
  const { mean, std } = meanStd(view.points.L);
  const slope = groundSlope(photo, view.sky);
  return { clusters, meanL: mean, stdL: std, slope, groundShare: view.groundShare, points: view.points };
}

/**
 * Plain k-means++ clusterings (Arthur and Vassilvitskii's seeding, one candidate per step) of
 * the given points, for every k and seed: what another tool might make of the same ground.
 */
export function otherClusterings(
  points: LabPoints,
  ks: readonly number[] = [4, 5, 6],
  seeds: readonly number[] = [1, 2, 3],
): { k: number; seed: number; clusters: Cluster[] }[] {
  const out: { k: number; seed: number; clusters: Cluster[] }[] = [];
  for (const k of ks)
    for (const seed of seeds) out.push({ k, seed, clusters: kmeansLab(points, k, seed, 60, false) });
  return out;
}

export type { Cluster };

/**
 * A lower bound on the number of colours any palette needs so that every large cluster (5 % of the
 * pixels or more) of every given clustering has a colour within `radius` CIEDE2000: two centres more
 * than `separation` apart cannot share one colour, so every set of centres pairwise that far apart
 * needs a colour each. The default separation is the radius doubled plus 1, a margin for CIEDE2000's
 * small departures from the triangle inequality. Greedy packings in several deterministic orders
 * (largest share first, then lightest, darkest, most and least chromatic first); the largest found.
 */
export function coverLowerBound(
  clusterings: readonly { clusters: readonly Cluster[] }[],
  radius = 3,
  separation = 2 * radius + 1,
): number {
  const centres = clusterings.flatMap((o) => o.clusters.filter((c) => c.share >= 0.05));
  const chroma = (c: Cluster): number => Math.hypot(c.lab.a, c.lab.b);
  const orders: ((p: Cluster, q: Cluster) => number)[] = [
    (p, q) => q.share - p.share,
    (p, q) => q.lab.L - p.lab.L,
    (p, q) => p.lab.L - q.lab.L,
    (p, q) => chroma(q) - chroma(p),
    (p, q) => chroma(p) - chroma(q),
  ];
  let best = 0;
  for (const order of orders) {
    const packed: Cluster[] = [];
    for (const c of [...centres].sort(order))
      if (packed.every((p) => ciede2000(p.lab, c.lab) > separation)) packed.push(c);
    best = Math.max(best, packed.length);
  }
  return best;
}
