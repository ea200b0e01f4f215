import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { analyse } from '../src/analysis/analyse.js';
import { basePalette } from '../src/recipe/palette.js';
import { coverage } from '../src/metrics/design-metrics.js';
import { kmeansLab, type Cluster } from '../src/metrics/kmeans.js';
import { photoStats } from '../src/metrics/photo-stats.js';
import { checkArgs, photosToCheck } from './support/photos-to-check.js';

/**
 * G2/G3's cluster figures (camo-engine.md: k-means++ of the ground, k = the colours taken from the
 * photo, median of five seeds) on the palette the recipe asks for, before any rendering: the
 * palette's colours and shares stand in for the design's. Fast enough to try palette changes on
 * every fixture and held-out photo. The clusterings are cached in /tmp (CAMO_DOC_CACHE).
 *
 * With --greedy, the palette from before decision 023 (AnalyseContext.palette = 'greedy').
 *
 *   npx tsx packages/camo-engine/scripts/palette-check.ts [--greedy] [name ...]
 */
const cacheFile = process.env.CAMO_DOC_CACHE ?? '/tmp/camo-doc-clusterings.json';
const cache: Record<string, { clusters: Cluster[][]; meanL: number; own?: Cluster[] }> = existsSync(cacheFile)
  ? (JSON.parse(readFileSync(cacheFile, 'utf8')) as Record<
      string,
      { clusters: Cluster[][]; meanL: number; own?: Cluster[] }
    >)
  : {};
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};
const { greedy, only } = checkArgs();
let pass2 = 0;
let pass3 = 0;
let total = 0;
const oldMiss: string[] = [];
for await (const { name, held, photo, context: ctx } of photosToCheck(only)) {
  const t0 = performance.now();
  const analysis = analyse(photo, { ...ctx, ...(greedy ? { palette: 'greedy' as const } : {}) });
  const ta = performance.now() - t0;
  const pal = basePalette(analysis);
  const k = pal.filter((p) => p.share > 0 && p.role === 'photo').length;
  const key = `${held ? 'h/' : ''}${name}/${k}`;
  let entry = cache[key];
  if (entry && !entry.own) {
    entry.own = photoStats(photo, { seed: 99 }).clusters;
    writeFileSync(cacheFile, JSON.stringify(cache));
  }
  if (!entry) {
    const stats = photoStats(photo, { seed: 99 });
    entry = {
      clusters: [1, 2, 3, 4, 5].map((seed) => kmeansLab(stats.points, k, seed, 60, false)),
      meanL: stats.meanL,
      own: stats.clusters,
    };
    cache[key] = entry;
    writeFileSync(cacheFile, JSON.stringify(cache));
  }
  const labs = pal.map((p) => p.lab);
  const shares = pal.map((p) => p.share);
  const cs = entry.clusters.map((c) => coverage(labs, shares, c));
  const worst = median(cs.map((c) => Math.max(...c.clusterToDesign)));
  const mean = median(cs.map((c) => c.clusterToDesignWeightedMean));
  const far = median(cs.map((c) => c.designToCluster.filter((d) => d > 6).length));
  const tv = median(cs.map((c) => c.tvDistance));
  const o = coverage(labs, shares, entry.own ?? []);
  const oldOk =
    Math.max(...o.clusterToDesign) <= 3 && o.clusterToDesignWeightedMean <= 1.5 && o.tvDistance <= 0.1;
  if (!oldOk)
    oldMiss.push(
      `${name} ${Math.max(...o.clusterToDesign).toFixed(2)}/${o.clusterToDesignWeightedMean.toFixed(2)}/${o.tvDistance.toFixed(3)}`,
    );
  const palMean = pal.reduce((s, p) => s + p.share * p.lab.L, 0);
  const ok2 = worst <= 3 && mean <= 1.5 && far <= 1;
  const ok3 = tv <= 0.1 && Math.abs(palMean - entry.meanL) <= 2;
  total++;
  if (ok2) pass2++;
  if (ok3) pass3++;
  console.log(
    `${(held ? 'h ' : '  ') + name.padEnd(20)} k=${k} n=${pal.length} worst ${worst.toFixed(2).padStart(5)}${ok2 ? '  ' : ' !'} mean ${mean.toFixed(2)} far ${far} tv ${tv.toFixed(3)}${ok3 ? '  ' : ' !'} dL ${(palMean - entry.meanL).toFixed(2).padStart(5)} ${ta.toFixed(0)}ms  ${pal.map((p) => `${p.role[0]}${p.lab.L.toFixed(0)}:${(p.share * 100).toFixed(0)}`).join(' ')}`,
  );
}
console.log(`k = 5 seed 99 (targets.test G2/G3) misses: ${oldMiss.join(', ') || 'none'}`);
console.log(`palette level: G2 ${pass2}/${total}, G3 (TV, mean L*) ${pass3}/${total}`);
