import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generate } from '../src/index.js';
import { encodeRgbPng } from '../src/render/png.js';
import { decodeIndexedPng } from '../src/node.js';
import { FIXTURE_CONTEXT, loadFixtures } from '../test/fixtures.js';

/**
 * out/contact-sheet.png: one row per fixture: the whole photo, design A, design B, then A and B tiled
 * 2 x 2 (so a seam would show as a line through the middle). Each cell is 256 px.
 */
const CELL = 256;
const out = fileURLToPath(new URL('../out/', import.meta.url));
mkdirSync(out, { recursive: true });
const fixtures = await loadFixtures();
const cols = 5;
const W = cols * CELL + (cols + 1) * 8;
const H = fixtures.length * (CELL + 8) + 8;
const sheet = new Uint8Array(W * H * 3).fill(240);
const put = (cx: number, cy: number, sample: (u: number, v: number) => [number, number, number]) => {
  for (let y = 0; y < CELL; y++)
    for (let x = 0; x < CELL; x++) {
      const c = sample((x + 0.5) / CELL, (y + 0.5) / CELL);
      const o = ((cy + y) * W + cx + x) * 3;
      sheet[o] = c[0];
      sheet[o + 1] = c[1];
      sheet[o + 2] = c[2];
    }
};
fixtures.forEach(({ name, photo }, row) => {
  const res = generate({ photo, ...(FIXTURE_CONTEXT[name] ?? {}), seed: 7 });
  const y0 = 8 + row * (CELL + 8);
  const ch = photo.data.length / (photo.width * photo.height);
  // The whole photo, letterboxed (so any sky the analysis left out is in view).
  const side = Math.max(photo.width, photo.height);
  const ox = (photo.width - side) / 2;
  const oy = (photo.height - side) / 2;
  put(8, y0, (u, v) => {
    const x = Math.floor(ox + u * side);
    const y = Math.floor(oy + v * side);
    if (x < 0 || y < 0 || x >= photo.width || y >= photo.height) return [240, 240, 240];
    const o = (y * photo.width + x) * ch;
    return [photo.data[o] ?? 0, photo.data[o + 1] ?? 0, photo.data[o + 2] ?? 0];
  });
  res.designs.forEach((d, k) => {
    const img = decodeIndexedPng(d.png);
    const at = (u: number, v: number): [number, number, number] =>
      img.palette[img.index[Math.floor(v * img.height) * img.width + Math.floor(u * img.width)] ?? 0] ?? [
        0, 0, 0,
      ];
    put(8 + (k + 1) * (CELL + 8), y0, at);
    put(8 + (k + 3) * (CELL + 8), y0, (u, v) => at((u * 2) % 1, (v * 2) % 1));
    writeFileSync(`${out}${name}-${d.variant}.png`, d.png);
  });
  console.log(`${name}: done`);
});
writeFileSync(`${out}contact-sheet.png`, encodeRgbPng(W, H, sheet));
console.log(`${out}contact-sheet.png (columns: photo, A, B, A 2x2, B 2x2)`);
