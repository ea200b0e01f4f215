import { generate } from '../src/index.js';
import type { Lab } from '../src/color/lab.js';
import { ciede2000 } from '../src/metrics/ciede2000.js';
import { coverage, designColours } from '../src/metrics/design-metrics.js';
import { photoStats } from '../src/metrics/photo-stats.js';
import { decodeIndexedPng } from '../src/node.js';
import { DOC_SEEDS, docClusterings, docCoverage } from '../test/doc-coverage.js';
import { checkArgs, photosToCheck } from './support/photos-to-check.js';

/**
 * G2's judge against itself (decision 031's addendum): for every fixture and held-out photo (or
 * those named), design A at seed 7 and the judge's plain k-means++ clusterings of the ground
 * (k = the design's photo colours, seeds 1-5, test/doc-coverage.ts). Per photo:
 * - the judge's own G2 worst distance between its seeds: seed i's centres taken as a design (with
 *   their shares) and judged against seed j's clustering, the largest over i != j; and the best a
 *   design could do by copying one seed's clustering exactly (the judge's median over the five
 *   seeds, that seed's own counting 0), the least over the seeds;
 * - design A's G2 worst (the figure the tests check, the median over the seeds), and its G2 worst,
 *   weighted mean and G3's TV against the one seed's clustering it is nearest to; and, with
 *   `--clusters`, the judge's clusters
 *   of each seed beside the design's palette: each cluster's L*, C*, hue, share and distance to the
 *   nearest design colour, and whether it is brighter or more saturated than that colour.
 *
 *   npx tsx packages/camo-engine/scripts/judge-self.ts [--clusters] [name ...]
 */
const argv = process.argv.slice(2);
const showClusters = argv.includes('--clusters');
const { only } = checkArgs(argv.filter((a) => a !== '--clusters'));
const chroma = (c: Lab): number => Math.hypot(c.a, c.b);
const hue = (c: Lab): number => ((Math.atan2(c.b, c.a) * 180) / Math.PI + 360) % 360;
const fmt = (c: Lab): string =>
  `L* ${c.L.toFixed(1).padStart(5)} C* ${chroma(c).toFixed(1).padStart(5)} h ${hue(c).toFixed(0).padStart(3)}`;
const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

console.log(
  'photo                  k  design A worst  judge vs itself: worst pair  best copy of a seed  design A at its nearest seed',
);
for await (const { name, held, photo, context } of photosToCheck(only)) {
  const design = generate({ photo, ...context, seed: 7 }).designs[0];
  if (!design) throw new Error(`${name}: no design`);
  const stats = photoStats(photo, { seed: 99 });
  const byK = docClusterings(stats.points);
  const img = decodeIndexedPng(design.png);
  const doc = docCoverage(img, design.recipe, byK);
  const runs = byK(doc.k);
  const worstOf = (i: number, j: number): number => {
    const p = runs[i] ?? [];
    const q = runs[j] ?? [];
    const c = coverage(
      p.map((x) => x.lab),
      p.map((x) => x.share),
      q,
    );
    return Math.max(0, ...c.clusterToDesign);
  };
  let worstPair = 0;
  let bestCopy = Infinity;
  for (let i = 0; i < runs.length; i++) {
    const each = runs.map((_, j) => (i === j ? 0 : worstOf(i, j)));
    worstPair = Math.max(worstPair, ...each);
    bestCopy = Math.min(bestCopy, median(each));
  }
  const { labs, shares } = designColours(img);
  const nearest = runs
    .map((q, s) => ({ s, c: coverage(labs, shares, q) }))
    .map(({ s, c }) => ({ s, worst: Math.max(0, ...c.clusterToDesign), c }))
    .sort((x, y) => x.worst - y.worst)[0];
  console.log(
    `${(held ? '' : '*') + name}`.padEnd(22),
    String(doc.k).padStart(2),
    doc.worst.toFixed(2).padStart(14),
    worstPair.toFixed(2).padStart(27),
    bestCopy.toFixed(2).padStart(20),
    nearest
      ? `  seed ${DOC_SEEDS[nearest.s]}: ${nearest.worst.toFixed(2)} / ${nearest.c.clusterToDesignWeightedMean.toFixed(2)} / ${nearest.c.tvDistance.toFixed(3)}`
      : '',
  );
  if (!showClusters) continue;
  const used = labs.flatMap((l, k) => ((shares[k] ?? 0) > 0 ? [{ lab: l, share: shares[k] ?? 0 }] : []));
  console.log('  design A:');
  for (const d of [...used].sort((x, y) => y.share - x.share))
    console.log(`    ${fmt(d.lab)}  ${(d.share * 100).toFixed(1).padStart(5)} %`);
  runs.forEach((clusters, s) => {
    console.log(`  judge, seed ${DOC_SEEDS[s]}:`);
    for (const c of clusters) {
      let near = used[0]?.lab ?? c.lab;
      let nd = Infinity;
      for (const d of used) {
        const dd = ciede2000(c.lab, d.lab);
        if (dd < nd) {
          nd = dd;
          near = d.lab;
        }
      }
      const tags = [
        c.lab.L > near.L + 1 ? 'brighter' : c.lab.L < near.L - 1 ? 'darker' : '',
        chroma(c.lab) > chroma(near) + 1
          ? 'more saturated'
          : chroma(c.lab) < chroma(near) - 1
            ? 'duller'
            : '',
      ].filter(Boolean);
      console.log(
        `    ${fmt(c.lab)}  ${(c.share * 100).toFixed(1).padStart(5)} %  nearest design colour ${nd.toFixed(2).padStart(5)}${nd > 3 && c.share >= 0.05 ? ' MISSED' : ''}  (${fmt(near)}; ${tags.join(', ') || 'alike'})`,
      );
    }
  });
}
