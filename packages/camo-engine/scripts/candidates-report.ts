import { readdirSync } from 'node:fs';
import { analyse } from '../src/analysis/analyse.js';
import { candidateSeed, rankCandidates } from '../src/candidates.js';
import { normaliseToggles } from '../src/types.js';
import {
  generate,
  meanAndError,
  predictConcealmentTable,
  prepareDesign,
  preparePhoto,
  sampleHiding,
  DEFAULT_WEIGHTS,
  type GeneratedDesign,
  type ObserverId,
} from '../src/index.js';
import { renderIndices } from '../src/render/render.js';
import { decodeIndexedPng, readPhoto } from '../src/node.js';
import { HELD_OUT_CONTEXT, HELD_OUT_DIR } from '../test/fixtures.js';

/**
 * Decision 028 on the held-out photos (fixtures/held-out/, which the engine was never tuned on):
 *
 * 1. The engine with one candidate against the default (six a style), each final 1024 px design
 *    measured as the server measures it (the averaged figure over 18 samples of placement and tile
 *    phase), at every eye: the mean gain with its 95% confidence interval (a t interval over the
 *    photo x seed x variant cases).
 * 2. Whether the candidates' order on the preview (64 px, CANDIDATE_SAMPLES samples, the choice
 *    eye) agrees with their order on the full figure (each candidate rendered at 256 px, 18
 *    samples): how often the preview's first is the full figure's first, or within its noise.
 *
 *   npx tsx packages/camo-engine/scripts/candidates-report.ts [--seeds 3]
 */
const seedsArg = process.argv.indexOf('--seeds');
const SEEDS = Array.from({ length: seedsArg > 0 ? Number(process.argv[seedsArg + 1]) : 2 }, (_, i) => i + 1);
const EYES: { observer: ObserverId; distanceM: number }[] = [
  { observer: 'deer', distanceM: 25 },
  { observer: 'deer', distanceM: 10 },
  { observer: 'deer', distanceM: 50 },
  { observer: 'person', distanceM: 10 },
  { observer: 'person', distanceM: 25 },
  { observer: 'person', distanceM: 50 },
];

function rgbOf(png: Uint8Array): { width: number; height: number; data: Uint8Array } {
  const img = decodeIndexedPng(png);
  const data = new Uint8Array(img.width * img.height * 3);
  for (let i = 0; i < img.index.length; i++) data.set(img.palette[img.index[i] ?? 0] ?? [0, 0, 0], i * 3);
  return { width: img.width, height: img.height, data };
}

/** The averaged figure per eye (key `observer@distance`), null where out of range. */
function figures(photo: ReturnType<typeof preparePhoto>, d: GeneratedDesign): Map<string, number | null> {
  const rows = predictConcealmentTable({
    photo,
    design: prepareDesign(rgbOf(d.png)),
    distances: [10, 25, 50],
  });
  return new Map(
    rows.map((r) => [`${r.observer}@${r.distanceM}`, r.result.inRange ? mean(r.result.samples) : null]),
  );
}

const mean = (samples: Parameters<typeof sampleHiding>[0][]) =>
  meanAndError(samples.map((m) => sampleHiding(m, DEFAULT_WEIGHTS))).mean;

/** The two-sided 97.5% point of Student's t for small degrees of freedom (df >= 30: 2.04 down to 1.96). */
function t975(df: number): number {
  const table = [
    12.71, 4.3, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23, 2.2, 2.18, 2.16, 2.14, 2.13, 2.12,
  ];
  return df <= table.length ? table[df - 1]! : df < 30 ? 2.09 : df < 60 ? 2.02 : 1.98;
}

const gains = new Map<string, number[]>();
let agreeFirst = 0;
let withinNoise = 0;
let cases = 0;
for (const file of readdirSync(HELD_OUT_DIR)
  .filter((x) => x.endsWith('.jpg'))
  .sort()) {
  const name = file.replace(/\.jpg$/, '');
  const photo = await readPhoto(HELD_OUT_DIR + file);
  const prepared = preparePhoto(photo);
  const analysis = analyse(photo);
  for (const seed of SEEDS) {
    const input = { photo, description: HELD_OUT_CONTEXT[name] ?? name, seed };
    const one = generate({ ...input, candidates: 1 });
    // Six a style, as the engine drew before one became the default (DEFAULT_CANDIDATES).
    const many = generate({ ...input, candidates: 6 });
    for (const v of [0, 1] as const) {
      const before = figures(prepared, one.designs[v]);
      const after = figures(prepared, many.designs[v]);
      for (const e of EYES) {
        const key = `${e.observer}@${e.distanceM}`;
        const b = before.get(key);
        const a = after.get(key);
        if (b === null || a === null || b === undefined || a === undefined) continue;
        gains.set(key, [...(gains.get(key) ?? []), a - b]);
      }
      // The preview's order against the full figure's, at the choice eye (the deer at 25 m).
      const variant = v === 0 ? 'A' : 'B';
      const seeds = Array.from({ length: 6 }, (_, k) => candidateSeed(seed, variant, k));
      const ranked = rankCandidates({
        analysis,
        style: variant === 'A' ? 'organic' : 'digital',
        toggles: normaliseToggles(),
        seeds,
        photo: prepared,
        hideFrom: 'deer',
      });
      if (!ranked[0] || ranked[0].hiddenSeconds < 0) continue;
      const full = ranked.map((c) => {
        const tile = renderIndices(c.recipe, 256);
        const rgb = new Uint8Array(256 * 256 * 3);
        for (let i = 0; i < tile.index.length; i++)
          rgb.set(tile.palette[tile.index[i] ?? 0] ?? [0, 0, 0], i * 3);
        const [row] = predictConcealmentTable({
          photo: prepared,
          design: prepareDesign({ width: 256, height: 256, data: rgb }),
          observers: ['deer'],
          distances: [25],
        });
        return row!.result.inRange
          ? meanAndError(
              row!.result.samples.map((m) => sampleHiding(m, DEFAULT_WEIGHTS)),
              row!.result.places,
            )
          : null;
      });
      if (full.some((f) => f === null)) continue;
      const best = Math.max(...full.map((f) => f!.mean));
      const chosen = full[0]!;
      cases++;
      if (chosen.mean === best) agreeFirst++;
      const bestSe = full.find((f) => f!.mean === best)!.se;
      if (best - chosen.mean <= 2 * Math.hypot(bestSe, chosen.se)) withinNoise++;
      console.log(
        `${name} seed ${seed} ${variant}: preview's first ${ranked[0].index}, full figures ${full.map((f) => f!.mean.toFixed(1)).join(' ')} (preview order)`,
      );
    }
  }
}

console.log('');
console.log('| eye | distance | cases | mean gain | 95% CI | rose / fell |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const e of EYES) {
  const g = gains.get(`${e.observer}@${e.distanceM}`) ?? [];
  if (g.length < 2) continue;
  const { mean: m, se } = meanAndError(g);
  const h = t975(g.length - 1) * se;
  console.log(
    `| ${e.observer} | ${e.distanceM} m | ${g.length} | ${m >= 0 ? '+' : ''}${m.toFixed(1)} | ${(m - h).toFixed(1)} to ${(m + h).toFixed(1)} | ${g.filter((x) => x > 0).length} / ${g.filter((x) => x < 0).length} |`,
  );
}
console.log('');
console.log(
  `Preview order against the full figures (deer at 25 m): the preview's first is the full figures' best in ${agreeFirst} of ${cases}; within two standard errors of the best in ${withinNoise} of ${cases}.`,
);
