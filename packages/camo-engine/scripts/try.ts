import { readdirSync } from 'node:fs';
import { generate } from '../src/index.js';
import { readPhoto, decodeIndexedPng } from '../src/node.js';
import { photoStats } from '../src/metrics/photo-stats.js';
import { measureDesign, failedTargets } from '../src/metrics/design-metrics.js';
import { writeFileSync, mkdirSync } from 'node:fs';
const dir = new URL('../fixtures/', import.meta.url).pathname;
mkdirSync(new URL('../out/try/', import.meta.url).pathname, { recursive: true });
const only = process.argv[2];
for (const f of readdirSync(dir).filter((f) => f.endsWith('.jpg'))) {
  if (only && !f.includes(only)) continue;
  const photo = await readPhoto(dir + f);
  const t0 = performance.now();
  const res = generate({ photo, seed: 1 });
  const t1 = performance.now();
  const ps = photoStats(photo);
  for (const d of res.designs) {
    writeFileSync(new URL(`../out/try/${f.replace('.jpg', '')}-${d.variant}.png`, import.meta.url).pathname, d.png);
    const m = measureDesign(decodeIndexedPng(d.png), ps);
    const fails = failedTargets(m, d.style);
    console.log(f, d.variant, `t=${(t1 - t0).toFixed(0)}ms cols=${m.colours} c2d=${m.clusterToDesign.map((x) => x.toFixed(1))} wm=${m.clusterToDesignWeightedMean.toFixed(2)} d2c=${m.designToCluster.map((x) => x.toFixed(1))} tv=${m.tvDistance.toFixed(3)} dL=${m.meanLDiff.toFixed(2)} sr=${m.stdLRatio.toFixed(2)} slope=${m.slope.toFixed(2)}/${ps.slope.toFixed(2)} wrap=${m.wrapJump.x.toFixed(2)},${m.wrapJump.y.toFixed(2)} span=${m.patchSpan.toFixed(2)}(${m.patchP05}/${m.patchP95}) axis=${m.axisShare.toFixed(3)}`, fails.length ? 'FAIL ' + fails.join('; ') : 'ok');
  }
}
