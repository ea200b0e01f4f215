// The server's imports between its folders, and those that run from a lower layer back up to a
// higher one (`node scripts/server-imports.mjs [src-dir] [-v]`). The layers, lowest first, are
// the order SERVER_IMPORTS in eslint.config.js allows; a folder not listed counts as a feature on
// top of the domains. Type-only imports count: they tie the folders' code together as well.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const LAYERS = [
  'platform',
  'engine',
  'designs',
  'users',
  'generation',
  'hunt',
  'concealment',
  'ground',
  // features on top of the domains, then the HTTP layer and the roots
  '*',
  'http',
  'web',
  '.',
];

const root = path.resolve(process.argv.find((a, i) => i > 1 && !a.startsWith('-')) ?? 'apps/server/src');
const verbose = process.argv.includes('-v');
const layer = (folder) => {
  const at = LAYERS.indexOf(folder);
  return at >= 0 ? at : LAYERS.indexOf('*');
};
const folderOf = (file) => {
  const first = path.relative(root, file).split(path.sep)[0];
  return first.endsWith('.ts') ? '.' : first;
};

const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (/\.(ts|mts)$/.test(name) && !/\.test\.ts$/.test(name)) files.push(full);
  }
};
walk(root);

const edges = new Map();
const up = [];
for (const file of files) {
  for (const match of readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\()\s*'(\.[^']+)'/g)) {
    const from = folderOf(file);
    const to = folderOf(path.resolve(path.dirname(file), match[1]));
    if (from === to) continue;
    edges.set(`${from} -> ${to}`, (edges.get(`${from} -> ${to}`) ?? 0) + 1);
    if (layer(to) > layer(from)) up.push(`${path.relative(root, file)} -> ${match[1]}`);
  }
}
if (verbose) for (const [edge, n] of [...edges].sort()) console.log(`${String(n).padStart(3)} ${edge}`);
const loops = [...edges.keys()]
  .map((edge) => edge.split(' -> '))
  .filter(([a, b]) => a < b && edges.has(`${b} -> ${a}`))
  .map(([a, b]) => `${a} <-> ${b}`);
console.log(`folder loops: ${loops.length}${loops.length ? ` (${loops.join(', ')})` : ''}`);
console.log(`imports back up a layer: ${up.length}`);
for (const line of up) console.log(`  ${line}`);
