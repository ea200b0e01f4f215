import { expect } from 'vitest';
import {
  coverage,
  designColours,
  type Coverage,
  type DesignMeasures,
} from '../src/metrics/design-metrics.js';
import { kmeansLab, type LabPoints } from '../src/metrics/kmeans.js';
import type { Recipe } from '../src/recipe/recipe-types.js';
import type { decodeIndexedPng } from '../src/node.js';

/** The seeds of the k-means++ clusterings G2 and G3 are judged against (camo-engine.md). */
export const DOC_SEEDS = [1, 2, 3, 4, 5] as const;

/** G2 and G3's cluster figures as camo-engine.md now states them, each the median over the seeds. */
export interface DocCoverage {
  /** The number of colours the design takes from the photo: the clusterings' k. */
  k: number;
  /** The largest distance from a cluster of 5 % or more to its nearest design colour (<= 3). */
  worst: number;
  /** The same, weighted by the clusters' shares (<= 1.5). */
  mean: number;
  /** Design colours more than 6 from every cluster (<= 1, the shadow colour). */
  far: number;
  /** Total variation between the design's share per cluster and the photo's (<= 0.10). */
  tv: number;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

/**
 * k-means++ clusterings of the ground with k = the colours a design takes from the photo
 * (palette entries of role 'photo' with area), one per seed; cached per k, since A and B
 * usually take the same number.
 */
export function docClusterings(points: LabPoints): (k: number) => ReturnType<typeof kmeansLab>[] {
  const byK = new Map<number, ReturnType<typeof kmeansLab>[]>();
  return (k) => {
    let c = byK.get(k);
    if (!c) {
      c = DOC_SEEDS.map((seed) => kmeansLab(points, k, seed, 60, false));
      byK.set(k, c);
    }
    return c;
  };
}

/** A design's G2/G3 cluster figures against the clusterings camo-engine.md names. */
export function docCoverage(
  img: ReturnType<typeof decodeIndexedPng>,
  recipe: Recipe,
  clusterings: (k: number) => ReturnType<typeof kmeansLab>[],
): DocCoverage {
  const k = recipe.palette.filter((p) => p.share > 0 && p.role === 'photo').length;
  const { labs, shares } = designColours(img);
  const cs: Coverage[] = clusterings(k).map((clusters) => coverage(labs, shares, clusters));
  return {
    k,
    worst: median(cs.map((c) => Math.max(...c.clusterToDesign))),
    mean: median(cs.map((c) => c.clusterToDesignWeightedMean)),
    far: median(cs.map((c) => c.designToCluster.filter((d) => d > 6).length)),
    tv: median(cs.map((c) => c.tvDistance)),
  };
}

/** One line of figures, for a failure message or a log. */
export function describeDoc(c: DocCoverage): string {
  return `k=${c.k}: worst cluster->design ${c.worst.toFixed(2)} (<= 3), weighted mean ${c.mean.toFixed(2)} (<= 1.5), design colours > 6 ${c.far} (<= 1), TV ${c.tv.toFixed(3)} (<= 0.10)`;
}

/** G2 and G3 as camo-engine.md states them, on one design: its cluster figures and its L* mean and spread. */
export function expectDocG2G3(label: string, doc: DocCoverage, m: DesignMeasures): void {
  const at = `${label} ${describeDoc(doc)}`;
  expect(doc.worst, at).toBeLessThanOrEqual(3);
  expect(doc.mean, at).toBeLessThanOrEqual(1.5);
  expect(doc.far, at).toBeLessThanOrEqual(1);
  expect(doc.tv, at).toBeLessThanOrEqual(0.1);
  expect(Math.abs(m.meanLDiff), `${label} mean L*`).toBeLessThanOrEqual(2);
  expect(m.stdLRatio, `${label} L* std ratio`).toBeGreaterThanOrEqual(0.8);
  expect(m.stdLRatio, `${label} L* std ratio`).toBeLessThanOrEqual(1.25);
}
