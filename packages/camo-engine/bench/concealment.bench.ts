import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  DISTANCES_M,
  generate,
  observerView,
  predictConcealment,
  predictConcealmentTable,
  preparePhoto,
  type ObserverId,
} from '../src/index.js';
import { decodeIndexedPng } from '../src/node.js';
import type { Photo } from '../src/types.js';

/**
 * Predicted concealment (issue 27): the time per design x observer x distance, on fixture photos
 * enlarged to 1280 px on the longer side (the largest the game shows) and at their own size, with
 * the engine's designs A and B for each photo. Prints the median and p95 of:
 * - one predictConcealment() call, from the raw photo and design (scene light, the design's tile,
 *   three crops, the observer, the measures);
 * - a cell of predictConcealmentTable() (the whole table's time over its in-range cells), which
 *   shares the photo's light, the design and each distance's crops between observers;
 * and the viewer image (observerView) per observer. BENCH_RUNS repeats (default 3).
 */
const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
const PHOTOS = ['forest', 'desert', 'marsh', 'snow'];
const runs = Number(process.env.BENCH_RUNS ?? 3);
const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * (s.length - 1) + 0.5))] ?? NaN;
};
console.log(
  `machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}; load average ${load()}`,
);

async function photoAt(name: string, longSide: number | null): Promise<Photo> {
  const img = sharp(`${fixtures}${name}.jpg`).removeAlpha();
  const sized = longSide ? img.resize({ width: longSide, height: longSide, fit: 'inside' }) : img;
  const { data, info } = await sized.raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

function designRgb(png: Uint8Array): Photo {
  const { width, height, index, palette } = decodeIndexedPng(png);
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < index.length; i++) data.set(palette[index[i]!]!, i * 3);
  return { width, height, data };
}

const single: Record<string, number[]> = {};
const cells: number[] = [];
const views: Record<string, number[]> = {};
for (const name of PHOTOS) {
  const own = await photoAt(name, null);
  const designs = generate({ photo: own, seed: 1 }).designs.map((d) => designRgb(d.png));
  for (const size of [1280, null]) {
    const photo = size ? await photoAt(name, size) : own;
    for (const design of designs) {
      for (let r = 0; r < runs; r++) {
        for (const observer of ['person', 'deer'] as ObserverId[])
          for (const distanceM of DISTANCES_M) {
            const t0 = performance.now();
            const result = predictConcealment({ photo, design, observer, distanceM });
            const ms = performance.now() - t0;
            if (result.inRange) (single[`${observer} ${distanceM} m`] ??= []).push(ms);
          }
        const t0 = performance.now();
        const rows = predictConcealmentTable({ photo: preparePhoto(photo), design });
        const inRange = rows.filter((row) => row.result.inRange).length;
        if (inRange > 0) cells.push((performance.now() - t0) / inRange);
      }
    }
    for (const observer of ['person', 'deer'] as ObserverId[]) {
      const t0 = performance.now();
      observerView({ photo, design: designs[0]!, observer, distanceM: 25 });
      (views[`${observer} ${photo.width}x${photo.height}`] ??= []).push(performance.now() - t0);
    }
  }
}
const all = Object.values(single).flat();
console.log('predictConcealment, one design x observer x distance (ms):');
for (const [key, xs] of Object.entries(single))
  console.log(
    `  ${key.padEnd(14)} median ${pct(xs, 0.5).toFixed(1)}, p95 ${pct(xs, 0.95).toFixed(1)} (${xs.length} runs)`,
  );
console.log(
  `  all            median ${pct(all, 0.5).toFixed(1)}, p95 ${pct(all, 0.95).toFixed(1)} (${all.length} runs)`,
);
console.log(
  `predictConcealmentTable, per in-range cell (ms): median ${pct(cells, 0.5).toFixed(1)}, p95 ${pct(cells, 0.95).toFixed(1)} (${cells.length} tables)`,
);
console.log('observerView at 25 m (ms):');
for (const [key, xs] of Object.entries(views))
  console.log(`  ${key.padEnd(18)} ${xs.map((x) => x.toFixed(0)).join(', ')}`);
console.log(`load average after: ${load()}`);
