#!/usr/bin/env node
// Script each page loads before its first paint, gzipped (quality.md: at most 150 KB on `/`,
// `/gallery` and a design page). Reads the web build's manifest (run `npm run build` first):
// the entry's and the route's static imports, followed to the end; dynamic imports (tools loaded
// when asked) are not counted. Usage: node scripts/bench-bundle.mjs [--all]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const LIMIT = 150_000;
const pages = {
  '/': 'src/app/routes/home.tsx',
  '/gallery': 'src/app/routes/gallery.tsx',
  'a design page': 'src/app/routes/design-detail.tsx',
};
if (process.argv.includes('--all')) {
  for (const key of Object.keys(manifest)) {
    const route = /^src\/app\/routes\/(.+)\.tsx$/.exec(key);
    if (route && !Object.values(pages).includes(key)) pages[`route ${route[1]}`] = key;
  }
}

const gzipped = new Map();
function gzipSize(file) {
  if (!gzipped.has(file))
    gzipped.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipped.get(file);
}

function closure(keys) {
  const seen = new Set();
  const stack = [...keys];
  while (stack.length > 0) {
    const key = stack.pop();
    if (seen.has(key)) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  return [...seen];
}

let over = 0;
for (const [page, route] of Object.entries(pages)) {
  const chunks = closure(['index.html', route]);
  const bytes = chunks.reduce((sum, key) => sum + gzipSize(manifest[key].file), 0);
  const biggest = chunks
    .map((key) => ({ key, size: gzipSize(manifest[key].file) }))
    .sort((a, b) => b.size - a.size)
    .slice(0, 4)
    .map(({ key, size }) => `${key.replace(/^_/, '')} ${(size / 1000).toFixed(1)}`)
    .join(', ');
  const verdict = bytes <= LIMIT ? 'ok' : 'OVER';
  if (bytes > LIMIT) over += 1;
  console.log(
    `${page.padEnd(22)} ${(bytes / 1000).toFixed(1).padStart(6)} KB gz  ${verdict}  (largest: ${biggest})`,
  );
}
process.exitCode = over > 0 && !process.argv.includes('--all') ? 1 : 0;
