import { beforeAll, describe, expect, it } from 'vitest';
import { generate, render, type GenerateResult } from '../src/index.js';
import { measureDesign, type DesignMeasures } from '../src/metrics/design-metrics.js';
import { photoStats, type PhotoStats } from '../src/metrics/photo-stats.js';
import { decodeIndexedPng } from '../src/node.js';
import { FIXTURE_CONTEXT, loadFixtures } from './fixtures.js';

/**
 * G1-G8 of camo-engine.md on every fixture photo, default toggles. The photo side of each measure
 * is computed independently of the engine's own analysis (full-resolution k-means, other seeds).
 */
interface Case {
  name: string;
  stats: PhotoStats;
  result: GenerateResult;
  measures: Record<'A' | 'B', DesignMeasures>;
}

const cases: Case[] = [];

beforeAll(async () => {
  for (const { name, photo } of await loadFixtures()) {
    const ctx = FIXTURE_CONTEXT[name] ?? { description: name, state: '', county: '' };
    const result = generate({ photo, ...ctx, seed: 7 });
    const stats = photoStats(photo, { seed: 99 });
    const [a, b] = result.designs;
    cases.push({
      name,
      stats,
      result,
      measures: {
        A: measureDesign(decodeIndexedPng(a.png), stats),
        B: measureDesign(decodeIndexedPng(b.png), stats),
      },
    });
  }
}, 600_000);

const each = (fn: (c: Case, v: 'A' | 'B', m: DesignMeasures) => void) => () => {
  expect(cases.length).toBeGreaterThanOrEqual(8);
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

  it(
    'G2: the palette covers the photo (CIEDE2000)',
    each((c, v, m) => {
      for (const d of m.clusterToDesign) expect(d, `${c.name} ${v} cluster->design`).toBeLessThanOrEqual(3);
      expect(m.clusterToDesignWeightedMean, `${c.name} ${v} weighted mean`).toBeLessThanOrEqual(1.5);
      expect(
        m.designToCluster.filter((d) => d > 6).length,
        `${c.name} ${v} design->cluster ${m.designToCluster.join(',')}`,
      ).toBeLessThanOrEqual(1);
    }),
  );

  it(
    'G3: colour areas and lightness follow the photo',
    each((c, v, m) => {
      expect(m.tvDistance, `${c.name} ${v} TV`).toBeLessThanOrEqual(0.1);
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
