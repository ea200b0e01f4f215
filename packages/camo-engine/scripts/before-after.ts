import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { generate as generateNow, type GenerateInput, type GenerateResult } from '../src/index.js';
import { measureDesign } from '../src/metrics/design-metrics.js';
import { photoStats } from '../src/metrics/photo-stats.js';
import { decodeIndexedPng, readPhoto } from '../src/node.js';
import { encodeRgbPng } from '../src/render/png.js';
import type { Photo } from '../src/types.js';
import { docClusterings, docCoverage } from '../test/doc-coverage.js';
import { FIXTURE_CONTEXT, HELD_OUT_CONTEXT } from '../test/fixtures.js';

/**
 * The README's before/after pictures of issue 41 (a snow photo, a flowering field, gravel): per
 * photo one PNG, docs/before-after-<photo>.png: the whole photo, then design A before and after,
 * then design B before and after (seed 7, the tests' contexts), each 180 px (a design every sixth
 * pixel or so, so its colours stay flat). "Before" is the engine of another checkout of this
 * repository, the one issue 41's work started from:
 *
 *   git worktree add --detach /tmp/before fecb92a^
 *   ln -s "$PWD/node_modules" /tmp/before/node_modules
 *   ln -s "$PWD/packages/camo-engine/node_modules" /tmp/before/packages/camo-engine/node_modules
 *   npx tsx packages/camo-engine/scripts/before-after.ts /tmp/before/packages/camo-engine [--dry] [photo ...]
 *   git worktree remove /tmp/before
 *
 * Prints each design's G2 figures (test/doc-coverage.ts, today's judge for both) and mean L*
 * difference from the ground. --dry writes the pictures to out/.
 */
const PHOTOS = [
  { name: 'snow-patches-grass', held: true },
  { name: 'flowering-meadow', held: true },
  { name: 'mixed-gravel', held: true },
];
const CELL = 180;
const GAP = 8;
const args = process.argv.slice(2);
const dry = args.includes('--dry');
const [beforeDir, ...only] = args.filter((a) => !a.startsWith('--'));
if (!beforeDir)
  throw new Error('usage: before-after.ts <the before checkout of packages/camo-engine> [--dry]');
const before = (await import(pathToFileURL(resolve(beforeDir, 'src/index.ts')).href)) as {
  generate: (input: GenerateInput) => GenerateResult;
};
const engine = new URL('../', import.meta.url);
const outDir = fileURLToPath(new URL(dry ? 'out/' : 'docs/', engine));

type Rgb = [number, number, number];

const chosen = only.length ? only.map((name) => ({ name, held: name in HELD_OUT_CONTEXT })) : PHOTOS;
for (const { name, held } of chosen) {
  const file = fileURLToPath(new URL(`fixtures/${held ? 'held-out/' : ''}${name}.jpg`, engine));
  const photo = await readPhoto(file);
  const context = held
    ? { description: HELD_OUT_CONTEXT[name] ?? name, state: '', county: '' }
    : (FIXTURE_CONTEXT[name] ?? {});
  const input = { photo, ...context, seed: 7 };
  const stats = photoStats(photo, { seed: 99 });
  const byK = docClusterings(stats.points);
  const runs = { before: before.generate(input), after: generateNow(input) };
  const W = 5 * CELL + 4 * GAP;
  const sheet = new Uint8Array(W * CELL * 3).fill(255);
  const put = (col: number, sample: (x: number, y: number) => Rgb) => {
    const x0 = col * (CELL + GAP);
    for (let y = 0; y < CELL; y++)
      for (let x = 0; x < CELL; x++) {
        const c = sample(x, y);
        sheet.set(c, (y * W + x0 + x) * 3);
      }
  };
  put(0, photoCell(photo));
  const lines: string[] = [];
  (['A', 'B'] as const).forEach((variant, v) => {
    (['before', 'after'] as const).forEach((when, w) => {
      const d = runs[when].designs[v];
      if (!d) throw new Error(`${name}: no design ${variant}`);
      const img = decodeIndexedPng(d.png);
      const doc = docCoverage(img, d.recipe, byK);
      const { meanLDiff } = measureDesign(img, stats);
      const same =
        when === 'after' && Buffer.from(d.png).equals(Buffer.from(runs.before.designs[v]?.png ?? []));
      lines.push(
        `${variant} ${when}${same ? ' (byte for byte as before)' : ''}: ${img.palette.length} colours, k=${doc.k} worst ${doc.worst.toFixed(2)} mean ${doc.mean.toFixed(2)} TV ${doc.tv.toFixed(3)} mean L* ${meanLDiff >= 0 ? '+' : ''}${meanLDiff.toFixed(2)} from the ground's`,
      );
      put(1 + 2 * v + w, (x, y) => {
        const sx = Math.floor(((x + 0.5) * img.width) / CELL);
        const sy = Math.floor(((y + 0.5) * img.height) / CELL);
        return img.palette[img.index[sy * img.width + sx] ?? 0] ?? [0, 0, 0];
      });
    });
  });
  const png = encodeRgbPng(W, CELL, sheet);
  writeFileSync(`${outDir}before-after-${name}.png`, png);
  console.log(
    `${name} (${Math.round(png.length / 1024)} KB): photo | A before | A after | B before | B after`,
  );
  for (const l of lines) console.log(`  ${l}`);
}

/** The photo's centred square crop, each cell pixel the mean of the photo pixels it covers. */
function photoCell(photo: Photo): (x: number, y: number) => Rgb {
  const ch = photo.data.length / (photo.width * photo.height);
  const side = Math.min(photo.width, photo.height);
  const ox = Math.floor((photo.width - side) / 2);
  const oy = Math.floor((photo.height - side) / 2);
  return (x, y) => {
    const x0 = ox + Math.floor((x * side) / CELL);
    const x1 = Math.max(x0 + 1, ox + Math.floor(((x + 1) * side) / CELL));
    const y0 = oy + Math.floor((y * side) / CELL);
    const y1 = Math.max(y0 + 1, oy + Math.floor(((y + 1) * side) / CELL));
    const s = [0, 0, 0];
    for (let yy = y0; yy < y1; yy++)
      for (let xx = x0; xx < x1; xx++)
        for (let c = 0; c < 3; c++) s[c] = (s[c] ?? 0) + (photo.data[(yy * photo.width + xx) * ch + c] ?? 0);
    const n = (x1 - x0) * (y1 - y0);
    return [Math.round((s[0] ?? 0) / n), Math.round((s[1] ?? 0) / n), Math.round((s[2] ?? 0) / n)];
  };
}
