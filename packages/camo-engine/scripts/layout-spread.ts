import { readdirSync } from 'node:fs';
import { analyse } from '../src/analysis/analyse.js';
import { candidateSeed } from '../src/candidates.js';
import { pairedGap, predictConcealmentTable, preparePhoto, type ConcealmentMeasures } from '../src/index.js';
import { mulberry32 } from '../src/metrics/prng.js';
import { readPhoto } from '../src/node.js';
import { buildRecipe } from '../src/recipe/build.js';
import { renderIndices } from '../src/render/render.js';
import { normaliseToggles } from '../src/types.js';
import { HELD_OUT_CONTEXT, HELD_OUT_DIR } from '../test/fixtures.js';

/**
 * How much the layout of a pattern moves its figure (decision 028, issue 39 item 7(f)): on the
 * held-out photos (fixtures/held-out/, never tuned on), each style's pattern drawn in LAYOUTS
 * layouts (the same palette, shares and shape sizes; only the seed of its layout differs), every
 * in-range eye measured as the server measures it. Layouts are taken in disjoint pairs, each pair's
 * difference paired over the same places and phases as the choose screen pairs A and B
 * (`pairedGap`): its square less its squared standard error estimates twice the layout's own
 * variance (what the places and phases do not account for). Pooled over every pair, the square
 * root of half of it is the layout SD, with a 95% interval from a bootstrap over photos.
 *
 *   npx tsx packages/camo-engine/scripts/layout-spread.ts [--layouts 6]
 */
const layoutsArg = process.argv.indexOf('--layouts');
const LAYOUTS = layoutsArg > 0 ? Number(process.argv[layoutsArg + 1]) : 6;
/** Layouts 0 and 1 are the truths test's; these start after them. */
const FIRST_LAYOUT = 2;

function rendered(recipe: ReturnType<typeof buildRecipe>) {
  const tile = renderIndices(recipe, 256);
  const data = new Uint8Array(tile.index.length * 3);
  tile.index.forEach((k, i) => data.set(tile.palette[k]!, i * 3));
  return { width: tile.size, height: tile.size, data };
}

interface Group {
  photo: string;
  style: string;
  eye: string;
  /** A pair's squared difference less its squared error (twice the layout's variance, in expectation), and that error squared. */
  excess: number;
  error2: number;
  /** The pair's gap was named reliable. */
  named: boolean;
}

const groups: Group[] = [];
for (const file of readdirSync(HELD_OUT_DIR).filter((f) => f.endsWith('.jpg'))) {
  const name = file.replace(/\.jpg$/, '');
  const photo = await readPhoto(HELD_OUT_DIR + file);
  const analysis = analyse(photo, { description: HELD_OUT_CONTEXT[name] ?? '', state: '', county: '' });
  const prepared = preparePhoto(photo);
  for (const [variant, style] of [
    ['A', 'organic'],
    ['B', 'digital'],
  ] as const) {
    const byEye = new Map<string, { samples: ConcealmentMeasures[]; places: number }[]>();
    for (let k = FIRST_LAYOUT; k < FIRST_LAYOUT + LAYOUTS; k++) {
      const design = rendered(
        buildRecipe({ analysis, style, toggles: normaliseToggles(), seed: candidateSeed(1, variant, k) }),
      );
      for (const row of predictConcealmentTable({ photo: prepared, design })) {
        if (!row.result.inRange) continue;
        const key = `${row.observer}@${row.distanceM}`;
        byEye.set(key, [
          ...(byEye.get(key) ?? []),
          { samples: row.result.samples, places: row.result.places },
        ]);
      }
    }
    for (const [eye, figures] of byEye) {
      if (figures.length < LAYOUTS) continue;
      for (let k = 0; k + 1 < figures.length; k += 2) {
        const gap = pairedGap(figures[k]!.samples, figures[k + 1]!.samples, figures[k]!.places);
        groups.push({
          photo: name,
          style,
          eye,
          excess: gap.difference ** 2 - gap.se ** 2,
          error2: gap.se ** 2,
          named: gap.reliable,
        });
      }
    }
  }
  console.error(`${name}: ${groups.filter((g) => g.photo === name).length} groups`);
}

const pooled = (list: Group[]) =>
  Math.sqrt(Math.max(0, list.reduce((a, g) => a + g.excess, 0) / list.length / 2));
const rms = (list: Group[]) => Math.sqrt(list.reduce((a, g) => a + g.error2, 0) / list.length);
const photos = [...new Set(groups.map((g) => g.photo))];
const next = mulberry32(28);
const boot = Array.from({ length: 2000 }, () => {
  const drawn = photos.map(() => photos[Math.floor(next() * photos.length)]!);
  return pooled(drawn.flatMap((p) => groups.filter((g) => g.photo === p)));
}).sort((a, b) => a - b);
console.log(
  `${photos.length} photos, ${groups.length} pairs of layouts (photo x style x eye): layout SD ${pooled(groups).toFixed(2)} points (95% ${boot[50]!.toFixed(2)}-${boot[1949]!.toFixed(2)}); the paired gap's own error, RMS ${rms(groups).toFixed(2)}; named reliable ${groups.filter((g) => g.named).length} of ${groups.length}`,
);
for (const key of ['style', 'eye'] as const) {
  for (const value of [...new Set(groups.map((g) => g[key]))].sort()) {
    const list = groups.filter((g) => g[key] === value);
    console.log(
      `  ${key} ${value}: layout SD ${pooled(list).toFixed(2)} over ${list.length} pairs (error RMS ${rms(list).toFixed(2)}, named ${list.filter((g) => g.named).length})`,
    );
  }
}
