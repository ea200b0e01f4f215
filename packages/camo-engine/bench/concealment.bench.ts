import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  generate,
  observerView,
  predictConcealmentTable,
  preparePhoto,
  type ObserverId,
} from '../src/index.js';
import { decodeIndexedPng } from '../src/node.js';
import type { Photo } from '../src/types.js';

/**
 * Predicted concealment (decisions 016, 028): on fixture photos enlarged to 1280 px on the longer
 * side (the largest the game shows) and at their own size, with the engine's designs A and B for
 * each photo, the median and p95 of:
 * - preparing a photo (its scene light, sky mask and depth), once per photo;
 * - one design's whole table (both eyes at 10-100 m, 36 samples a distance: the figures the server
 *   stores), from a prepared photo;
 * and the viewer image (observerView) per observer. BENCH_RUNS repeats (default 3); BENCH_LIGHT
 * the light (daylight, the default, or twilight: decision 034).
 */
const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
const PHOTOS = ['forest', 'desert', 'marsh', 'snow'];
const runs = Number(process.env.BENCH_RUNS ?? 3);
const light = process.env.BENCH_LIGHT === 'twilight' ? 'twilight' : 'daylight';
const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * (s.length - 1) + 0.5))] ?? NaN;
};
console.log(
  `machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}; load average ${load()}; light ${light}`,
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

const prepares: number[] = [];
const tables: number[] = [];
const views: Record<string, number[]> = {};
for (const name of PHOTOS) {
  const own = await photoAt(name, null);
  const designs = generate({ photo: own, seed: 1 }).designs.map((d) => designRgb(d.png));
  for (const size of [1280, null]) {
    const photo = size ? await photoAt(name, size) : own;
    for (let r = 0; r < runs; r++) {
      const t0 = performance.now();
      const prepared = preparePhoto(photo);
      prepares.push(performance.now() - t0);
      for (const design of designs) {
        const t1 = performance.now();
        predictConcealmentTable({ photo: prepared, design, light });
        tables.push(performance.now() - t1);
      }
    }
    for (const observer of ['person', 'deer'] as ObserverId[]) {
      const t0 = performance.now();
      observerView({ photo, design: designs[0]!, observer, distanceM: 25 });
      (views[`${observer} ${photo.width}x${photo.height}`] ??= []).push(performance.now() - t0);
    }
  }
}
console.log(
  `preparePhoto (ms): median ${pct(prepares, 0.5).toFixed(0)}, p95 ${pct(prepares, 0.95).toFixed(0)} (${prepares.length} runs)`,
);
console.log(
  `predictConcealmentTable, one design's eight figures (ms): median ${pct(tables, 0.5).toFixed(0)}, p95 ${pct(tables, 0.95).toFixed(0)} (${tables.length} tables)`,
);
console.log('observerView at 25 m (ms):');
for (const [key, xs] of Object.entries(views))
  console.log(`  ${key.padEnd(18)} ${xs.map((x) => x.toFixed(0)).join(', ')}`);
console.log(`load average after: ${load()}`);
