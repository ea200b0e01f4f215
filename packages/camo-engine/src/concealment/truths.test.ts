import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyse } from '../analysis/analyse.js';
import { candidateSeed } from '../candidates.js';
import { firstRecipe } from '../generate.js';
import { mulberry32 } from '../metrics/prng.js';
import { readPhoto } from '../node.js';
import { buildRecipe } from '../recipe/build.js';
import type { Recipe } from '../recipe/recipe-types.js';
import { renderIndices } from '../render/render.js';
import { normaliseToggles, type Photo } from '../types.js';
import { meanColour, rgbOf, tileSidePx } from './compose.js';
import { measureCrop } from './measures.js';
import { DEFAULT_WEIGHTS, expectedHiddenSeconds } from './model.js';
import { observerById } from './observers.js';
import {
  hunter,
  meanAndError,
  pairedGap,
  predictConcealmentTable,
  preparePhoto,
  sampleHiding,
  type ConcealmentResult,
  type PreparedPhoto,
} from './predictor.js';
import { standAt } from './placement.js';
import { observe, type TargetCrop } from './view.js';

/**
 * Issue 39 item 7 (decision 028): checks that know their answer and can fail, in place of "a photo's
 * own design hides better than other photos' designs", which held on colour alone.
 */
const root = fileURLToPath(new URL('../../fixtures/', import.meta.url));
const files = readdirSync(root)
  .filter((f) => f.endsWith('.jpg'))
  .sort();

function rendered(recipe: Recipe, size = 256): Photo {
  const tile = renderIndices(recipe, size);
  const data = new Uint8Array(tile.index.length * 3);
  tile.index.forEach((k, i) => data.set(tile.palette[k]!, i * 3));
  return { width: tile.size, height: tile.size, data };
}

interface Fixture {
  name: string;
  photo: Photo;
  prepared: PreparedPhoto;
  /**
   * Design A's recipe (one candidate, seed 1, the photo analysed with no description, state or
   * county, as analyse(photo, {}) does): `a` is it rendered at 256 px.
   */
  recipeA: Recipe;
  a: Photo;
  b: Photo;
  /** Two realisations of design A's pattern: candidates 0 and 1 (the same palette, shares and sizes). */
  realisations: [Photo, Photo];
}

/** Whether two pictures have the same size and pixels. */
const samePixels = (x: Photo, y: Photo): boolean =>
  x.width === y.width &&
  x.height === y.height &&
  x.data.length === y.data.length &&
  x.data.every((v, i) => v === y.data[i]);

let fixtures: Fixture[] = [];

beforeAll(async () => {
  fixtures = await Promise.all(
    files.map(async (f) => {
      const photo = await readPhoto(root + f);
      const analysis = analyse(photo, { description: '', state: '', county: '' });
      const input = { photo, seed: 1, candidates: 1 };
      const realisation = (k: number) =>
        rendered(
          buildRecipe({
            analysis,
            style: 'organic',
            toggles: normaliseToggles(),
            seed: candidateSeed(1, 'A', k),
          }),
        );
      const recipeA = firstRecipe(input, 'A', analysis);
      const a = rendered(recipeA);
      // Candidate 0 is the one-candidate engine's design A: when its pixels are A's, the same
      // object, so that its figures (a pure function of the pixels) are measured once.
      const first = realisation(0);
      return {
        name: f,
        photo,
        prepared: preparePhoto(photo),
        recipeA,
        a,
        b: rendered(firstRecipe(input, 'B', analysis)),
        realisations: [samePixels(first, a) ? a : first, realisation(1)] as [Photo, Photo],
      };
    }),
  );
}, 120_000);

type InRange = Extract<ConcealmentResult, { inRange: true }>;

/** Every in-range eye's result, keyed `observer@distance`. */
function table(photo: PreparedPhoto, design: Photo, draw?: () => number): Map<string, InRange> {
  const out = new Map<string, InRange>();
  for (const row of predictConcealmentTable({ photo, design, draw }))
    if (row.result.inRange) out.set(`${row.observer}@${row.distanceM}`, row.result);
  return out;
}

/**
 * The table on the fixed places and phases (no draw), made once per photo and design object and
 * shared by the checks that read it: it is a pure function of the two (check (c) computes it
 * afresh from copies of the pixels to show that).
 */
const fixedTables = new WeakMap<PreparedPhoto, WeakMap<Photo, Map<string, InRange>>>();
function fixedTable(photo: PreparedPhoto, design: Photo): Map<string, InRange> {
  let byDesign = fixedTables.get(photo);
  if (!byDesign) fixedTables.set(photo, (byDesign = new WeakMap()));
  let out = byDesign.get(design);
  if (!out) byDesign.set(design, (out = table(photo, design)));
  return out;
}

const exact = (r: InRange) =>
  meanAndError(
    r.samples.map((m) => sampleHiding(m, DEFAULT_WEIGHTS)),
    r.places,
  );

/** ICC(1,1): one-way random effects, k ratings per subject (Shrout & Fleiss 1979). */
function icc(ratings: number[][]): number {
  const k = ratings[0]!.length;
  const n = ratings.length;
  const grand = ratings.flat().reduce((a, b) => a + b, 0) / (n * k);
  let ssb = 0;
  let ssw = 0;
  for (const r of ratings) {
    const m = r.reduce((a, b) => a + b, 0) / k;
    ssb += k * (m - grand) ** 2;
    for (const v of r) ssw += (v - m) ** 2;
  }
  const msb = ssb / (n - 1);
  const msw = ssw / (n * (k - 1));
  return (msb - msw) / (msb + (k - 1) * msw);
}

describe('figures that are measurements (decision 028)', () => {
  it('(a) every fixture design scored again on fresh random places and phases agrees: ICC >= 0.9', () => {
    const draw = mulberry32(2026);
    const pairs: number[][] = [];
    for (const f of fixtures)
      for (const design of [f.a, f.b]) {
        const fixed = fixedTable(f.prepared, design);
        const fresh = table(f.prepared, design, draw);
        for (const [eye, r] of fixed) {
          const again = fresh.get(eye);
          if (again) pairs.push([exact(r).mean, exact(again).mean]);
        }
      }
    const agreement = icc(pairs);
    console.info(`repeatability over ${pairs.length} design x eye figures: ICC ${agreement.toFixed(3)}`);
    expect(pairs.length).toBeGreaterThan(100);
    expect(agreement).toBeGreaterThanOrEqual(0.9);
  }, 300_000);

  it("(b) of the orders called reliable (A against B, and against another photo's design), at least 95% come out the same way on fresh places and phases", () => {
    let reliable = 0;
    let replicated = 0;
    let compared = 0;
    fixtures.forEach((f, k) => {
      // Designs compared in this photo: its own A and B, and the next fixture's A (made for other ground).
      const next = fixtures[(k + 1) % fixtures.length]!;
      const designs = [f.a, f.b, next.a];
      const fixed = designs.map((d) => fixedTable(f.prepared, d));
      // Fresh, independent draws for each design: an order replicates when the fresh means differ the same way.
      const fresh = designs.map((d, j) => table(f.prepared, d, mulberry32(1000 * (j + 1) + k)));
      for (const [x, y] of [
        [0, 1],
        [0, 2],
        [1, 2],
      ] as const)
        for (const [eye, rx] of fixed[x]!) {
          const ry = fixed[y]!.get(eye);
          const fx = fresh[x]!.get(eye);
          const fy = fresh[y]!.get(eye);
          if (!ry || !fx || !fy) continue;
          compared++;
          const gap = pairedGap(rx.samples, ry.samples, rx.places);
          if (!gap.reliable) continue;
          reliable++;
          if (Math.sign(exact(fx).mean - exact(fy).mean) === Math.sign(gap.difference)) replicated++;
        }
    });
    console.info(`${reliable} of ${compared} gaps reliable; ${replicated} replicated on fresh draws`);
    expect(reliable).toBeGreaterThanOrEqual(10);
    expect(replicated / reliable).toBeGreaterThanOrEqual(0.95);
  }, 600_000);

  it('(c) the same picture gets the same figure, whichever form it comes in, and no winner', () => {
    let judged = 0;
    for (const f of fixtures.slice(0, 8)) {
      const once = fixedTable(f.prepared, f.a);
      // The same pixels again, and with an alpha channel (a PNG as the site stores it).
      const again = table(f.prepared, { ...f.a, data: Uint8Array.from(f.a.data) });
      const rgba = new Uint8Array(f.a.width * f.a.height * 4);
      for (let i = 0; i < f.a.width * f.a.height; i++)
        rgba.set([...f.a.data.subarray(i * 3, i * 3 + 3), 255], i * 4);
      const withAlpha = table(f.prepared, { width: f.a.width, height: f.a.height, data: rgba });
      // The same pattern drawn at twice the pixels (the same physical size: a repeat is 0.75 m whatever its pixels).
      const big = rendered(f.recipeA, 512);
      const twice = table(f.prepared, big);
      for (const [eye, r] of once) {
        for (const same of [again.get(eye)!, withAlpha.get(eye)!]) {
          expect(same.hiding, `${f.name} ${eye}`).toBe(r.hiding);
          expect(same.se).toBe(r.se);
          expect(pairedGap(r.samples, same.samples, r.places)).toEqual({
            difference: 0,
            se: 0,
            reliable: false,
          });
        }
        const t = twice.get(eye)!;
        if (r.se > 2 || t.se > 2) continue;
        judged++;
        const gap = pairedGap(r.samples, t.samples, r.places);
        expect(gap.reliable, `${f.name} ${eye}: ${gap.difference.toFixed(1)} +- ${gap.se.toFixed(1)}`).toBe(
          false,
        );
        expect(Math.abs(exact(r).mean - exact(t).mean)).toBeLessThanOrEqual(2 * Math.hypot(r.se, t.se) + 1);
      }
    }
    // Only eyes where both figures' errors are at most 2 points count (the issue's bar): 8 of the
    // fixtures' eyes on 2026-11-29, with the errors taken over the places.
    expect(judged).toBeGreaterThanOrEqual(6);
  }, 300_000);

  // Failed on 2026-11-29 (decision 028) before a gap's error counted each design's layout: desert
  // at a person's 25 m named one realisation better, 4.7 +- 1.5 (3.1 standard errors), and on the
  // held-out photos 64 of 564 pairs of layouts were named apart (scripts/layout-spread.ts).
  it('(f) two realisations of one pattern get figures within their uncertainty and no winner', () => {
    let counted = 0;
    let named = 0;
    const out: string[] = [];
    for (const f of fixtures) {
      const one = fixedTable(f.prepared, f.realisations[0]);
      const two = fixedTable(f.prepared, f.realisations[1]);
      for (const [eye, r1] of one) {
        const r2 = two.get(eye);
        if (!r2 || r1.se > 2 || r2.se > 2) continue;
        counted++;
        const gap = pairedGap(r1.samples, r2.samples, r1.places);
        if (gap.reliable) {
          named++;
          out.push(`${f.name} ${eye}: ${gap.difference.toFixed(1)} +- ${gap.se.toFixed(1)}`);
        }
      }
    }
    console.info(`realisations: ${named} of ${counted} gaps named reliable\n${out.join('\n')}`);
    expect(counted).toBeGreaterThanOrEqual(8);
    expect(named).toBe(0);
  }, 300_000);

  it("(e) a sample of the photo's own ground hides better than a plain target in its mean colour (a person at 10 m)", () => {
    const lost: string[] = [];
    let judged = 0;
    // Ground: every fixture but urban.jpg, a building's facade (a wall, not ground a hunter stands on).
    for (const f of fixtures.filter((x) => x.name !== 'urban.jpg')) {
      // The ground where the targets stand, at its true scale: a square half a repeat (0.375 m)
      // across from beside the middle place, mirrored into a seamless repeat of 0.75 m.
      const stand = standAt(f.prepared, hunter(), 10);
      if ('outOfRange' in stand) continue;
      const place = stand.places[Math.floor(stand.places.length / 2)]!;
      const half = Math.max(4, Math.round(tileSidePx(hunter(), place) / 2));
      const x0 = Math.round(Math.min(f.photo.width - half, Math.max(0, place.x - half / 2)));
      const y0 = Math.round(Math.min(f.photo.height - half, Math.max(0, place.y + place.size / 2 - half)));
      const rgb = rgbOf(f.photo);
      const side = 2 * half;
      const data = new Uint8Array(side * side * 3);
      for (let y = 0; y < side; y++)
        for (let x = 0; x < side; x++) {
          const sx = x0 + (x < half ? x : side - 1 - x);
          const sy = y0 + (y < half ? y : side - 1 - y);
          data.set(
            rgb.data.subarray((sy * rgb.width + sx) * 3, (sy * rgb.width + sx) * 3 + 3),
            (y * side + x) * 3,
          );
        }
      const ground = { width: side, height: side, data };
      const [own] = predictConcealmentTable({
        photo: f.prepared,
        design: ground,
        observers: ['person'],
        distances: [10],
      });
      const [plain] = predictConcealmentTable({
        photo: f.prepared,
        design: { colour: meanColour(ground) },
        observers: ['person'],
        distances: [10],
      });
      if (!own?.result.inRange || !plain?.result.inRange) continue;
      judged++;
      const gap = pairedGap(own.result.samples, plain.result.samples, own.result.places);
      if (gap.difference <= 0) lost.push(`${f.name}: ${gap.difference.toFixed(1)} +- ${gap.se.toFixed(1)}`);
    }
    expect(judged).toBeGreaterThanOrEqual(12);
    expect(lost, lost.join('\n')).toEqual([]);
  }, 300_000);
});

describe('disruptive coloration (Cuthill et al. 2005, Nature 434: 72-74)', () => {
  /**
   * Their field experiment: moth-like targets with dark patches touching the edge survived birds
   * better than the same patches kept inside the outline, and both better than plain targets of
   * the same mean colour; people searching for such moths on screens took longer to find the
   * edge-patched ones too (Fraser, Callahan, Klassen & Sherratt 2007, Proc R Soc B 274: 1325-1331).
   * Here, as there, a population of targets: 24, each an ellipse 38 px tall and 26 wide in a 64 px
   * crop on a mottled ground of the same two colours, with 4-9 patches spaced along its outline
   * (under about half of it: a dark rim all round would outline the target, not break it up), a
   * person at close range (120 pixels per degree). Each target's inner twin has the same patches
   * moved halfway to the centre, shrunk to show the area its edge patch showed inside the outline.
   */
  const n = 64;
  const light: [number, number, number] = [150, 130, 95];
  const dark: [number, number, number] = [70, 60, 45];
  const cx = n / 2;
  const cy = n / 2;
  const inside = (x: number, y: number) => ((x - cx) / 13) ** 2 + ((y - cy) / 19) ** 2 <= 1;
  type Blob = { x: number; y: number; r: number };
  const inBlob = (x: number, y: number, list: Blob[]) =>
    list.some((b) => (x - b.x) ** 2 + (y - b.y) ** 2 <= b.r * b.r);
  const shareOf = (list: Blob[]) => {
    let on = 0;
    let all = 0;
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++)
        if (inside(x + 0.5, y + 0.5)) {
          all++;
          if (inBlob(x + 0.5, y + 0.5, list)) on++;
        }
    return on / all;
  };

  interface Stimulus {
    ground: Blob[];
    edge: Blob[];
    inner: Blob[];
  }
  const stimuli: Stimulus[] = Array.from({ length: 24 }, (_, k) => {
    const rand = mulberry32(500 + k);
    const ground = Array.from({ length: 40 }, () => ({ x: rand() * n, y: rand() * n, r: 2.5 + rand() * 3 }));
    const count = 4 + (k % 6);
    const phase = rand();
    const edge = Array.from({ length: count }, (_, j) => {
      const t = ((j + phase) / count) * 2 * Math.PI;
      return { x: cx + 13 * Math.cos(t), y: cy + 19 * Math.sin(t), r: 3.5 + rand() * 1.5 };
    });
    // The inner twin's patches shrunk until they show the dark area the edge patches show inside.
    const target = shareOf(edge);
    let scale = 1 / Math.SQRT2;
    for (let step = 0; step < 20; step++) {
      const trial = edge.map((p) => ({ x: cx + (p.x - cx) * 0.5, y: cy + (p.y - cy) * 0.5, r: p.r * scale }));
      scale *= Math.sqrt(target / Math.max(1e-6, shareOf(trial)));
    }
    const inner = edge.map((p) => ({ x: cx + (p.x - cx) * 0.5, y: cy + (p.y - cy) * 0.5, r: p.r * scale }));
    return { ground, edge, inner };
  });

  function crop(stimulus: Stimulus, target: 'edge' | 'inner' | 'plain'): TargetCrop {
    const rgb = new Uint8Array(n * n * 3);
    const mask = new Float32Array(n * n);
    const valid = new Uint8Array(n * n).fill(1);
    // The plain target's colour: the mean of the edge target's.
    const share = shareOf(stimulus.edge);
    const plain = light.map((c, i) => Math.round(c * (1 - share) + dark[i]! * share)) as [
      number,
      number,
      number,
    ];
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) {
        const i = y * n + x;
        const px = x + 0.5;
        const py = y + 0.5;
        if (inside(px, py)) {
          mask[i] = 1;
          const c =
            target === 'plain'
              ? plain
              : inBlob(px, py, target === 'edge' ? stimulus.edge : stimulus.inner)
                ? dark
                : light;
          rgb.set(c, i * 3);
        } else rgb.set(inBlob(px, py, stimulus.ground) ? dark : light, i * 3);
      }
    return {
      pxPerDeg: 120,
      n,
      rgb,
      mask,
      valid,
      targetPx: 38,
      box: { x: cx - 13, y: cy - 19, width: 26, height: 38 },
      scale: 1,
    };
  }

  const person = observerById('person');
  const seconds = (stimulus: Stimulus, t: 'edge' | 'inner' | 'plain') =>
    expectedHiddenSeconds(measureCrop(observe(crop(stimulus, t), person)), DEFAULT_WEIGHTS);
  let times: { edge: number; inner: number; plain: number }[] = [];
  beforeAll(() => {
    times = stimuli.map((s) => ({
      edge: seconds(s, 'edge'),
      inner: seconds(s, 'inner'),
      plain: seconds(s, 'plain'),
    }));
  });
  /** Student's t at 23 degrees of freedom beyond which a predicted direction holds at p < 0.01. */
  const ONE_SIDED_1_PERCENT = 2.5;
  /** The mean of a paired difference and its t (the stimuli are independent). */
  const paired = (d: number[]) => {
    const mean = d.reduce((a, b) => a + b, 0) / d.length;
    const sd = Math.sqrt(d.reduce((a, b) => a + (b - mean) ** 2, 0) / (d.length - 1));
    return { mean, t: mean / (sd / Math.sqrt(d.length)) };
  };

  it('the twins carry the same dark: the inner patches show the area the edge patches show inside', () => {
    for (const s of stimuli) expect(Math.abs(shareOf(s.edge) - shareOf(s.inner))).toBeLessThan(0.01);
  });

  it('patterned targets (edge-reaching or inside) hide better than a plain one of the same mean colour', () => {
    const mean = (k: 'edge' | 'inner' | 'plain') => times.reduce((a, t) => a + t[k], 0) / times.length;
    const edgePlain = paired(times.map((t) => t.edge - t.plain));
    const innerPlain = paired(times.map((t) => t.inner - t.plain));
    console.info(
      `Cuthill 2005, 24 targets: edge ${mean('edge').toFixed(2)} s, inner ${mean('inner').toFixed(2)} s, plain ${mean('plain').toFixed(2)} s; edge - plain t ${edgePlain.t.toFixed(1)}, inner - plain t ${innerPlain.t.toFixed(1)}`,
    );
    // Paired over the 24 targets, beyond chance in the direction the literature predicts.
    expect(edgePlain.t).toBeGreaterThan(ONE_SIDED_1_PERCENT);
    expect(innerPlain.t).toBeGreaterThan(ONE_SIDED_1_PERCENT);
  });

  it('edge-reaching patches hide better than the same patches kept inside the outline', () => {
    const edgeInner = paired(times.map((t) => t.edge - t.inner));
    console.info(
      `Cuthill 2005: edge - inner ${edgeInner.mean.toFixed(2)} s (t ${edgeInner.t.toFixed(1)}), edge longer in ${times.filter((t) => t.edge > t.inner).length} of 24`,
    );
    expect(edgeInner.t).toBeGreaterThan(ONE_SIDED_1_PERCENT);
  });
});
