import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generate } from '../src/index.js';
import { coverage, designColours, measureDesign, type Coverage } from '../src/metrics/design-metrics.js';
import { kmeansLab } from '../src/metrics/kmeans.js';
import { photoStats } from '../src/metrics/photo-stats.js';
import { decodeIndexedPng, readPhoto } from '../src/node.js';
import { HELD_OUT_CONTEXT } from '../test/fixtures.js';

/**
 * G1-G7 on the photos of fixtures/held-out/ (FIXTURES.md), which the tests do not use: the kinds
 * of ground the engine missed on unseen photos (issue 29 item 3). G2 and G3 as camo-engine.md now
 * states them: plain k-means++ of the ground with k equal to the number of colours the design takes
 * from the photo (palette entries of role 'photo'), five seeds, the median of each figure; and, for
 * comparison, against the engine-independent clustering of test/targets.test.ts (k = 5, seed 99).
 *
 *   npx tsx packages/camo-engine/scripts/held-out.ts
 */
const dir = fileURLToPath(new URL('../fixtures/held-out/', import.meta.url));
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};
const CONTEXT = HELD_OUT_CONTEXT;
const f = (x: number, d = 2): string => x.toFixed(d);
console.log(
  '| photo | ground | style | colours (from photo) | worst cluster->design, k = n (median of 5 seeds) | weighted mean | design colours > 6 | TV | worst cluster->design, k = 5 | TV, k = 5 | mean L* diff | L* std ratio | slope diff | patch span | axis share |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const file of readdirSync(dir)
  .filter((x) => x.endsWith('.jpg'))
  .sort()) {
  const name = file.replace(/\.jpg$/, '');
  const photo = await readPhoto(dir + file);
  const result = generate({ photo, description: CONTEXT[name] ?? name, state: '', county: '', seed: 7 });
  const stats = photoStats(photo, { seed: 99 });
  for (const d of result.designs) {
    const img = decodeIndexedPng(d.png);
    const m = measureDesign(img, stats);
    const fromPhoto = d.recipe.palette.filter((p) => p.share > 0 && p.role === 'photo').length;
    const { labs, shares } = designColours(img);
    const byseed: Coverage[] = [1, 2, 3, 4, 5].map((seed) =>
      coverage(labs, shares, kmeansLab(stats.points, fromPhoto, seed, 60, false)),
    );
    const worst = median(byseed.map((c) => Math.max(...c.clusterToDesign)));
    const mean = median(byseed.map((c) => c.clusterToDesignWeightedMean));
    const far = median(byseed.map((c) => c.designToCluster.filter((x) => x > 6).length));
    const tv = median(byseed.map((c) => c.tvDistance));
    const ok2 = worst <= 3 && mean <= 1.5 && far <= 1;
    const ok3 = tv <= 0.1 && Math.abs(m.meanLDiff) <= 2 && m.stdLRatio >= 0.8 && m.stdLRatio <= 1.25;
    console.log(
      `| ${name} | ${f(stats.groundShare * 100, 0)}% | ${d.variant} | ${m.colours} (${fromPhoto}) | ${f(worst)}${ok2 ? '' : ' **G2 miss**'} | ${f(mean)} | ${far} | ${f(tv, 3)}${ok3 ? '' : ' **G3 miss**'} | ${f(Math.max(...m.clusterToDesign))} | ${f(m.tvDistance, 3)} | ${f(m.meanLDiff)} | ${f(m.stdLRatio)} | ${f(m.slopeDiff)} | ${f(m.patchSpan)} | ${f(m.axisShare, 3)} |`,
    );
  }
}
