import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  DISTANCES_M,
  generate,
  meanColour,
  predictConcealmentTable,
  prepareDesign,
  preparePhoto,
  type ConcealmentRow,
} from '../src/index.js';
import { decodeIndexedPng, readPhoto } from '../src/node.js';

/**
 * Item 7 of issue 27 on the fixture photos and the held-out ones, with the designs generate()
 * makes (seed 1, no description): per observer and distance,
 * - in how many pairs a photo's own design A hides better there than another photo's design A;
 * - on how many photos design A (and B) hides better than the same target in the photo's mean
 *   colour (the blend preview's control).
 * Prints a Markdown table for the engine README and decision 016. `npx tsx scripts/concealment-report.ts`.
 */
const root = fileURLToPath(new URL('../fixtures/', import.meta.url));
const files = [
  ...readdirSync(root).filter((f) => f.endsWith('.jpg')),
  ...readdirSync(root + 'held-out')
    .filter((f) => f.endsWith('.jpg'))
    .map((f) => 'held-out/' + f),
].sort();

const items = await Promise.all(
  files.map(async (f) => {
    const photo = await readPhoto(root + f);
    const designs = generate({ photo, seed: 1 }).designs.map((d) => {
      const { width, height, index, palette } = decodeIndexedPng(d.png);
      const data = new Uint8Array(width * height * 3);
      for (let i = 0; i < index.length; i++) data.set(palette[index[i]!]!, i * 3);
      return prepareDesign({ width, height, data });
    });
    const rgb = new Uint8Array(photo.width * photo.height * 3);
    for (let i = 0; i < photo.width * photo.height; i++)
      rgb.set(photo.data.subarray(i * 4, i * 4 + 3), i * 3);
    const mean = meanColour({ width: photo.width, height: photo.height, data: rgb });
    return { name: f, photo: preparePhoto(photo), designs, mean };
  }),
);

const key = (r: ConcealmentRow): string => `${r.observer} ${r.distanceM}`;
const hiding = (r: ConcealmentRow): number => (r.result.inRange ? r.result.hiding : NaN);
const pairs = new Map<string, { wins: number; pairs: number }>();
const control = new Map<string, { a: number; b: number; photos: number }>();
for (const judged of items) {
  const own = predictConcealmentTable({ photo: judged.photo, design: judged.designs[0]! });
  const ownB = predictConcealmentTable({ photo: judged.photo, design: judged.designs[1]! });
  const flat = predictConcealmentTable({ photo: judged.photo, design: { colour: judged.mean } });
  own.forEach((row, i) => {
    if (!row.result.inRange) return;
    const c = control.get(key(row)) ?? { a: 0, b: 0, photos: 0 };
    c.photos++;
    if (hiding(row) > hiding(flat[i]!)) c.a++;
    if (hiding(ownB[i]!) > hiding(flat[i]!)) c.b++;
    control.set(key(row), c);
  });
  for (const other of items) {
    if (other === judged) continue;
    const theirs = predictConcealmentTable({ photo: judged.photo, design: other.designs[0]! });
    theirs.forEach((row, i) => {
      if (!row.result.inRange) return;
      const p = pairs.get(key(row)) ?? { wins: 0, pairs: 0 };
      p.pairs++;
      if (hiding(own[i]!) > hiding(row)) p.wins++;
      pairs.set(key(row), p);
    });
  }
}

console.log(`${items.length} photos (${files.filter((f) => f.startsWith('held-out')).length} held out)\n`);
console.log(
  "| eye | distance | own design A hides better than another photo's | design A beats the control | design B beats the control |",
);
console.log('|---|---|---|---|---|');
for (const observer of ['person', 'deer'])
  for (const d of DISTANCES_M) {
    const p = pairs.get(`${observer} ${d}`);
    const c = control.get(`${observer} ${d}`);
    if (!p || !c) {
      console.log(`| ${observer} | ${d} m | out of range on every photo | | |`);
      continue;
    }
    console.log(
      `| ${observer} | ${d} m | ${p.wins} of ${p.pairs} pairs (${((100 * p.wins) / p.pairs).toFixed(1)}%) | ${c.a} of ${c.photos} photos | ${c.b} of ${c.photos} photos |`,
    );
  }
