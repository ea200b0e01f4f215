import { generate } from '../src/index.js';
import { measureDesign } from '../src/metrics/design-metrics.js';
import { photoStats } from '../src/metrics/photo-stats.js';
import { decodeIndexedPng } from '../src/node.js';
import { docClusterings, docCoverage } from '../test/doc-coverage.js';
import { checkArgs, photosToCheck } from './support/photos-to-check.js';

/**
 * G2 and G3 as camo-engine.md states them (k-means++ of the ground, k = the colours the design
 * takes from the photo, median of five seeds) on both designs (seed 7) of every fixture and
 * held-out photo: the figures test/targets.test.ts and test/held-out.test.ts check, one line a
 * design, and how many photos hold each.
 *
 * With --greedy, the palette from before decision 023 (GenerateInput.palette = 'greedy').
 *
 *   npx tsx packages/camo-engine/scripts/doc-g2g3.ts [--greedy] [name ...]
 */
const { greedy, only } = checkArgs();
let g2 = 0;
let g3 = 0;
let n = 0;
for await (const { name, held, photo, context: ctx } of photosToCheck(only)) {
  const { designs } = generate({
    photo,
    ...ctx,
    seed: 7,
    ...(greedy ? { palette: 'greedy' as const } : {}),
  });
  const stats = photoStats(photo, { seed: 99 });
  const byK = docClusterings(stats.points);
  let ok2 = true;
  let ok3 = true;
  for (const d of designs) {
    const img = decodeIndexedPng(d.png);
    const c = docCoverage(img, d.recipe, byK);
    const m = measureDesign(img, stats);
    const p2 = c.worst <= 3 && c.mean <= 1.5 && c.far <= 1;
    const p3 = c.tv <= 0.1 && Math.abs(m.meanLDiff) <= 2 && m.stdLRatio >= 0.8 && m.stdLRatio <= 1.25;
    ok2 &&= p2;
    ok3 &&= p3;
    console.log(
      `${held ? 'held-out' : 'fixture '} ${name.padEnd(20)} ${d.variant} k=${c.k} worst ${c.worst.toFixed(2)} mean ${c.mean.toFixed(2)} far ${c.far} TV ${c.tv.toFixed(3)} dL ${m.meanLDiff.toFixed(2)} std ${m.stdLRatio.toFixed(2)} ${p2 ? 'G2' : '--'} ${p3 ? 'G3' : '--'}`,
    );
  }
  n++;
  if (ok2) g2++;
  if (ok3) g3++;
}
console.log(`photos holding G2 on both designs: ${g2} of ${n}; G3: ${g3} of ${n}`);
