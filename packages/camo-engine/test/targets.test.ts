import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { generate, render, type GenerateResult } from '../src/index.js';
import {
  coverage,
  designColours,
  measureDesign,
  type Coverage,
  type DesignMeasures,
} from '../src/metrics/design-metrics.js';
import { otherClusterings, photoStats, type PhotoStats } from '../src/metrics/photo-stats.js';
import { decodeIndexedPng } from '../src/node.js';
import { patchSizeSpan } from '../src/metrics/components.js';
import { docClusterings, docCoverage, expectDocG2G3, type DocCoverage } from './doc-coverage.js';
import { FIXTURE_CONTEXT, FIXTURE_DIR, loadFixtures } from './fixtures.js';

/**
 * G1-G8 of camo-engine.md on every fixture photo, default toggles. The photo side of each measure
 * is computed on the photo's ground (sky and sea at the horizon left out where a fixture shows
 * them) independently of the engine's own analysis: full-resolution greedy k-means (another seed)
 * and, for G2/G3, nine plain k-means++ clusterings (k = 4, 5, 6; seeds 1, 2, 3).
 */
interface Case {
  name: string;
  stats: PhotoStats & { groundShare: number };
  result: GenerateResult;
  measures: Record<'A' | 'B', DesignMeasures>;
  /** G2/G3 against each other clustering, per design. */
  others: Record<'A' | 'B', { label: string; c: Coverage }[]>;
  /** G2/G3 as camo-engine.md now states them (k = the design's colours from the photo, five seeds). */
  doc: Record<'A' | 'B', DocCoverage>;
}

const cases: Case[] = [];

beforeAll(async () => {
  for (const { name, photo } of await loadFixtures()) {
    const ctx = FIXTURE_CONTEXT[name] ?? { description: name, state: '', county: '' };
    const result = generate({ photo, ...ctx, seed: 7 });
    const stats = photoStats(photo, { seed: 99 });
    const clusterings = otherClusterings(stats.points);
    const [a, b] = result.designs;
    const imgA = decodeIndexedPng(a.png);
    const imgB = decodeIndexedPng(b.png);
    const others = (img: typeof imgA) => {
      const { labs, shares } = designColours(img);
      return clusterings.map((o) => ({
        label: `k=${o.k} seed ${o.seed}`,
        c: coverage(labs, shares, o.clusters),
      }));
    };
    const byK = docClusterings(stats.points);
    cases.push({
      name,
      stats,
      result,
      measures: { A: measureDesign(imgA, stats), B: measureDesign(imgB, stats) },
      others: { A: others(imgA), B: others(imgB) },
      doc: { A: docCoverage(imgA, a.recipe, byK), B: docCoverage(imgB, b.recipe, byK) },
    });
  }
}, 600_000);

const each = (fn: (c: Case, v: 'A' | 'B', m: DesignMeasures) => void) => () => {
  expect(cases.length).toBeGreaterThanOrEqual(14);
  for (const c of cases) for (const v of ['A', 'B'] as const) fn(c, v, c.measures[v]);
};

describe('targets on every fixture (default toggles)', () => {
  it(
    'G1: 3 to 7 exact flat colours in an indexed PNG',
    each((c, v, m) => {
      expect(m.colours, `${c.name} ${v}`).toBeGreaterThanOrEqual(3);
      expect(m.colours, `${c.name} ${v}`).toBeLessThanOrEqual(7);
    }),
  );

  // Known gap (README): with at most seven colours this cannot hold on every photo, because a
  // k = 4 centre often sits halfway between two k = 6 centres, 4-5 CIEDE2000 from each. The test
  // checks the full requirement and is marked as failing; vitest reports it when it starts to pass.
  it.fails(
    'G2 and G3 hold against plain k-means++ clusterings of the ground (k = 4, 5, 6; three seeds each)',
    () => {
      expect(cases.length).toBeGreaterThanOrEqual(14);
      for (const c of cases)
        for (const v of ['A', 'B'] as const)
          for (const { label, c: m } of c.others[v]) {
            const at = `${c.name} ${v} ${label}`;
            for (const d of m.clusterToDesign) expect(d, `${at} cluster->design`).toBeLessThanOrEqual(3);
            expect(m.clusterToDesignWeightedMean, `${at} weighted mean`).toBeLessThanOrEqual(1.5);
            expect(
              m.designToCluster.filter((d) => d > 6).length,
              `${at} design->cluster ${m.designToCluster.map((d) => d.toFixed(1)).join(',')}`,
            ).toBeLessThanOrEqual(1);
            expect(m.tvDistance, `${at} TV`).toBeLessThanOrEqual(0.1);
          }
    },
  );

  // G2 and G3's colour terms are judged as camo-engine.md states them, below. Until decision 023
  // made the typical palette the default they were also judged here against one greedy k = 5
  // clustering (seed 99), the engine's own earlier method: another cut of the same continuum of
  // colours, which the doc's clusterings replaced. G3's lightness terms hold on every fixture:
  it(
    "G3: mean L* within 2 of the ground's, L* spread 0.8 to 1.25 times",
    each((c, v, m) => {
      expect(Math.abs(m.meanLDiff), `${c.name} ${v} mean L*`).toBeLessThanOrEqual(2);
      expect(m.stdLRatio, `${c.name} ${v} L* std ratio`).toBeGreaterThanOrEqual(0.8);
      expect(m.stdLRatio, `${c.name} ${v} L* std ratio`).toBeLessThanOrEqual(1.25);
    }),
  );

  it('G4: spectral slope within 0.5 on the median photo and 0.8 on the worst, per style', () => {
    for (const v of ['A', 'B'] as const) {
      const diffs = cases.map((c) => Math.abs(c.measures[v].slopeDiff)).sort((a, b) => a - b);
      const mid = diffs.length >> 1;
      const median = diffs.length % 2 ? (diffs[mid] ?? 0) : ((diffs[mid - 1] ?? 0) + (diffs[mid] ?? 0)) / 2;
      expect(median, `${v} median slope difference`).toBeLessThanOrEqual(0.5);
      expect(diffs[diffs.length - 1], `${v} worst slope difference`).toBeLessThanOrEqual(0.8);
    }
  });

  it(
    'G5: the wrap-edge jump is 0.5 to 1.5 times the interior jump on both axes',
    each((c, v, m) => {
      for (const r of [m.wrapJump.x, m.wrapJump.y]) {
        expect(r, `${c.name} ${v}`).toBeGreaterThanOrEqual(0.5);
        expect(r, `${c.name} ${v}`).toBeLessThanOrEqual(1.5);
      }
    }),
  );

  it('G5: rendering with the origin shifted by half the tile equals the tile rolled by half', () => {
    for (const c of cases.slice(0, 3)) {
      for (const d of c.result.designs) {
        const n = 256;
        const base = decodeIndexedPng(render(d.recipe, n)).index;
        const shifted = decodeIndexedPng(render(d.recipe, n, { originX: n / 2, originY: n / 2 })).index;
        let same = true;
        for (let y = 0; y < n && same; y++)
          for (let x = 0; x < n; x++)
            if (shifted[y * n + x] !== base[((y + n / 2) % n) * n + ((x + n / 2) % n)]) {
              same = false;
              break;
            }
        expect(same, `${c.name} ${d.variant}`).toBe(true);
      }
    }
  });

  it(
    'G6: patch sizes span at least 2.5 orders of magnitude',
    each((c, v, m) => {
      expect(m.patchSpan, `${c.name} ${v} p05=${m.patchP05} p95=${m.patchP95}`).toBeGreaterThanOrEqual(2.5);
    }),
  );

  it('G7: A is organic (axis share <= 0.35) and B digital (>= 0.7)', () => {
    for (const c of cases) {
      expect(c.result.designs[0].style).toBe('organic');
      expect(c.result.designs[1].style).toBe('digital');
      expect(c.measures.A.axisShare, c.name).toBeLessThanOrEqual(0.35);
      expect(c.measures.B.axisShare, c.name).toBeGreaterThanOrEqual(0.7);
    }
  });

  it('G8: the same inputs and seed give byte-identical PNGs; the recipe re-renders the same bytes', async () => {
    const [first] = await loadFixtures();
    if (!first) throw new Error('no fixtures');
    const c = cases.find((x) => x.name === first.name);
    if (!c) throw new Error('missing case');
    const again = generate({ photo: first.photo, ...(FIXTURE_CONTEXT[first.name] ?? {}), seed: 7 });
    for (const i of [0, 1] as const) {
      expect(Buffer.from(again.designs[i].png).equals(Buffer.from(c.result.designs[i].png))).toBe(true);
      expect(again.designs[i].recipe).toEqual(c.result.designs[i].recipe);
      expect(
        Buffer.from(render(c.result.designs[i].recipe, 1024)).equals(Buffer.from(c.result.designs[i].png)),
      ).toBe(true);
    }
    const other = generate({ photo: first.photo, ...(FIXTURE_CONTEXT[first.name] ?? {}), seed: 8 });
    expect(Buffer.from(other.designs[0].png).equals(Buffer.from(c.result.designs[0].png))).toBe(false);
  });

  it('returns the fields the spec reads', () => {
    for (const c of cases) {
      for (const d of c.result.designs) {
        expect(d.designId).toMatch(/^dsn_[0-9a-f]{16}$/);
        expect(d.promptId).toMatch(/^prm_[0-9a-f]{16}$/);
        expect(d.prompt.length).toBeGreaterThan(40);
        expect(d.markdownAnalysis).toContain('### Palette');
        expect(d.recipe.id).toMatch(/^rcp_/);
        expect(JSON.parse(JSON.stringify(d.recipe))).toEqual(d.recipe);
        const png = decodeIndexedPng(d.png);
        expect([png.width, png.height]).toEqual([1024, 1024]);
      }
      expect(c.result.designs[0].designId).not.toBe(c.result.designs[1].designId);
    }
  });
});

/**
 * The fixtures on which G2/G3 as camo-engine.md now states them do not hold, with design A's
 * figures: a test marked as failing each, so vitest reports the day one passes; the others must
 * pass. None since 2026-11-26: moss-log (worst 7.36, mean 4.53, TV 0.193 with six colours) holds
 * with seven (ground-palette.ts#groundPalette). With the greedy palette (before decision 023) 14 of the
 * 16 missed. (Decision 013's withdrawn form is the it.fails above.)
 */
const DOC_G2_G3_MISSES: Record<string, string> = {};

/** Both designs of a fixture against G2/G3 as camo-engine.md states them. */
function meetsDocG2G3(name: string): void {
  const c = cases.find((x) => x.name === name);
  if (!c) throw new Error(`fixture ${name} not generated`);
  for (const v of ['A', 'B'] as const) expectDocG2G3(`${name} ${v}`, c.doc[v], c.measures[v]);
}

describe('G2 and G3 as camo-engine.md states them: k-means++ of the ground, k = the colours taken from the photo, median of five seeds', () => {
  const names = readdirSync(FIXTURE_DIR)
    .filter((f) => f.endsWith('.jpg'))
    .map((f) => f.replace(/\.jpg$/, ''))
    .sort();
  it('covers every fixture', () => {
    expect(names.length).toBeGreaterThanOrEqual(14);
    for (const m of Object.keys(DOC_G2_G3_MISSES)) expect(names, m).toContain(m);
  });
  for (const name of names) {
    const miss = DOC_G2_G3_MISSES[name];
    if (miss) it.fails(`${name} (not met: ${miss})`, () => meetsDocG2G3(name));
    else it(name, () => meetsDocG2G3(name));
  }
});

describe('small uploads (issue 7, item 4)', () => {
  /** Box-filtered downscale to `long` pixels on the long side, as a phone or a web page would. */
  const downscale = (p: { width: number; height: number; data: Uint8Array }, long: number) => {
    const f = long / Math.max(p.width, p.height);
    const w = Math.round(p.width * f);
    const h = Math.round(p.height * f);
    const ch = p.data.length / (p.width * p.height);
    const out = new Uint8Array(w * h * 4);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const x0 = Math.floor(x / f);
        const x1 = Math.max(x0 + 1, Math.floor((x + 1) / f));
        const y0 = Math.floor(y / f);
        const y1 = Math.max(y0 + 1, Math.floor((y + 1) / f));
        const s = [0, 0, 0];
        let n = 0;
        for (let yy = y0; yy < y1; yy++)
          for (let xx = x0; xx < x1; xx++) {
            for (let c = 0; c < 3; c++) s[c] = (s[c] ?? 0) + (p.data[(yy * p.width + xx) * ch + c] ?? 0);
            n++;
          }
        for (let c = 0; c < 3; c++) out[(y * w + x) * 4 + c] = Math.round((s[c] ?? 0) / n);
        out[(y * w + x) * 4 + 3] = 255;
      }
    return { width: w, height: h, data: out };
  };

  it('G6 holds on 256 px versions of the photos (both designs)', async () => {
    const fx = await loadFixtures();
    for (const name of ['desert', 'urban', 'forest', 'marsh']) {
      const photo = fx.find((f) => f.name === name)?.photo;
      if (!photo) throw new Error(`fixture ${name} missing`);
      const small = downscale(photo, 256);
      const res = generate({ photo: small, ...(FIXTURE_CONTEXT[name] ?? {}), seed: 7 });
      for (const d of res.designs) {
        const img = decodeIndexedPng(d.png);
        expect(
          patchSizeSpan(img.index, img.width, img.height).span,
          `${name} 256 px ${d.variant}`,
        ).toBeGreaterThanOrEqual(2.5);
      }
    }
  });
});
