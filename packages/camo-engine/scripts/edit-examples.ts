import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { encode } from 'fast-png';
import { edit, generate } from '../src/index.js';
import { bestMapping, largestPatchOverlaps } from '../src/metrics/layout.js';
import { decodeIndexedPng } from '../src/node.js';
import { FIXTURE_CONTEXT, loadFixtures } from '../test/fixtures.js';

/**
 * The README's edit examples: for five requests on two designs (forest A, organic; marsh B,
 * digital with 4-pixel cells and grain; seed 7, the fixture contexts of test/fixtures.ts), the
 * original and the edited tile side by side (docs/edit-<n>-<design>.png, 256 px each, every 4th
 * pixel, so the colours stay exact), and the block between `<!-- edits:start -->` and
 * `<!-- edits:end -->` of README.md rewritten with them and their layout figures.
 *
 *   npx tsx packages/camo-engine/scripts/edit-examples.ts [--dry]   # --dry: images to out/, block printed
 */
const REQUESTS = [
  'I want more brown and bigger blobs',
  'less busy please',
  'get rid of the lightest colour',
  'make it darker for night',
  'a tad warmer, w/ some coyote tan',
];
const DESIGNS = [
  { fixture: 'forest', variant: 0, label: 'forest A (organic)' },
  { fixture: 'marsh', variant: 1, label: 'marsh B (digital)' },
];
const CELL = 256;
const GAP = 8;
const dry = process.argv.includes('--dry');
const docs = fileURLToPath(new URL('../docs/', import.meta.url));
const readme = fileURLToPath(new URL('../README.md', import.meta.url));

type Img = ReturnType<typeof decodeIndexedPng>;

/** Original and edit side by side as one indexed PNG (both palettes and a light grey gap). */
function sideBySide(a: Img, b: Img): Uint8Array {
  const palette = [...a.palette, ...b.palette, [240, 240, 240]];
  const W = 2 * CELL + GAP;
  const data = new Uint8Array(W * CELL).fill(palette.length - 1);
  const step = a.width / CELL;
  for (let y = 0; y < CELL; y++)
    for (let x = 0; x < CELL; x++) {
      const src = y * step * a.width + x * step;
      data[y * W + x] = a.index[src] ?? 0;
      data[y * W + CELL + GAP + x] = a.palette.length + (b.index[src] ?? 0);
    }
  return encode({ width: W, height: CELL, data, channels: 1, depth: 8, palette }, { zlib: { level: 9 } });
}

const fixtures = await loadFixtures();
const rows: string[][] = REQUESTS.map((r) => [`"${r}"`]);
for (const d of DESIGNS) {
  const fx = fixtures.find((f) => f.name === d.fixture);
  if (!fx) throw new Error(`no fixture ${d.fixture}`);
  const design = generate({ photo: fx.photo, ...(FIXTURE_CONTEXT[d.fixture] ?? {}), seed: 7 }).designs[
    d.variant
  ];
  if (!design) throw new Error('no design');
  const before = decodeIndexedPng(design.png);
  REQUESTS.forEach((text, n) => {
    const e = edit(design.recipe, text);
    const after = decodeIndexedPng(e.png);
    const file = `edit-${n + 1}-${d.fixture}-${'AB'[d.variant]}.png`;
    const png = sideBySide(before, after);
    if (!dry) writeFileSync(docs + file, png);
    else writeFileSync(`${docs}../out/${file}`, png);
    // A removed colour's pixels must change: the share kept is of the other pixels.
    const afterRgb = new Set(after.palette.filter((_, k) => after.index.includes(k)).map((c) => c.join(',')));
    const gone = new Set(before.palette.flatMap((c, k) => (afterRgb.has(c.join(',')) ? [] : [k])));
    const removal = /rid of|remove|\bno\b/.test(text) ? gone : new Set<number>();
    const keep: number[] = [];
    for (let i = 0; i < before.index.length; i++) if (!removal.has(before.index[i] ?? 0)) keep.push(i);
    const { coverage, map } = bestMapping(
      Uint8Array.from(keep, (i) => before.index[i] ?? 0),
      Uint8Array.from(keep, (i) => after.index[i] ?? 0),
    );
    const overlaps = largestPatchOverlaps(before.index, after.index, before.width, map, 64, 16, removal);
    const worst = Math.min(1, ...overlaps.map((o) => o.overlap));
    console.log(`${d.label}, "${text}": ${png.length} bytes; ${e.summary}`);
    rows[n]?.push(
      `![${d.label}: ${text}](docs/${file})<br>${(coverage * 100).toFixed(0)} % of the pixels${removal.size ? ' of the other colours' : ''} keep their colour; largest patches kept ${worst.toFixed(2)}. ${e.summary}`,
    );
  });
}
const table = [
  `| request | ${DESIGNS.map((d) => `${d.label}: original, edited`).join(' | ')} |`,
  `| --- | ${DESIGNS.map(() => '---').join(' | ')} |`,
  ...rows.map((r) => `| ${r.join(' | ')} |`),
].join('\n');
const block = `Produced by \`npx tsx packages/camo-engine/scripts/edit-examples.ts\` (seed 7, the fixture contexts of \`test/fixtures.ts\`). The figures are the corpus's layout measures (\`src/metrics/layout.ts\`): the share of pixels keeping their colour under the best one-to-one mapping of the palettes, and the least overlap of a colour's largest patch with where it was (64 px view).\n\n${table}\n`;
if (dry) console.log(block);
else {
  const text = readFileSync(readme, 'utf8');
  const start = '<!-- edits:start -->';
  const end = '<!-- edits:end -->';
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i < 0 || j < i) throw new Error(`README.md has no ${start} ... ${end} block`);
  writeFileSync(readme, `${text.slice(0, i + start.length)}\n\n${block}\n${text.slice(j)}`);
  console.log('README.md: edit examples rewritten');
}
