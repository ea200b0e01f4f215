/**
 * Issue engine-fidelity, items 2 and 3: winter edits lay snow white on the upper edges of shapes
 * (at least 10 % of the tile at L* 85 or more), lighten and cool the rest and keep the layout and
 * the seam; "no black" removes a design's black or near-black, and lines drawn in it, and is
 * refused as already true only when it is.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { hexToRgb, rgbToLab, type Lab } from '../src/color/lab.js';
import { parseEdit } from '../src/edit/parse.js';
import { relabel } from '../src/edit/recipe-ops.js';
import {
  edit,
  EditNotUnderstoodError,
  generate,
  generateVariant,
  type EditResult,
  type GenerateInput,
  type GenerateResult,
  type Recipe,
} from '../src/index.js';
import { ciede2000 } from '../src/metrics/ciede2000.js';
import { bestMapping } from '../src/metrics/layout.js';
import { wrapJumpRatios } from '../src/metrics/tiling.js';
import { decodeIndexedPng } from '../src/node.js';
import type { Photo } from '../src/types.js';
import { shiftIsRoll } from './edit-corpus.js';
import { fixturePhoto } from './fixture-photo.js';

type Img = ReturnType<typeof decodeIndexedPng>;

const labsOf = (img: Img): Lab[] => img.palette.map(([r, g, b]) => rgbToLab(r, g, b));
function mean(img: Img, f: (l: Lab) => number): number {
  const labs = labsOf(img);
  let s = 0;
  for (const v of img.index) s += f(labs[v] ?? { L: 0, a: 0, b: 0 });
  return s / img.index.length;
}
const brightShare = (img: Img): number => mean(img, (l) => (l.L >= 85 ? 1 : 0));
function snowIndex(img: Img): number {
  const [r, g, b] = hexToRgb('#eef0f0');
  const t = rgbToLab(r, g, b);
  return labsOf(img).findIndex((l) => ciede2000(l, t) < 1);
}
/** Of the snow's pixels, the share whose column has another colour under the snow than over it. */
function onUpperEdges(img: Img, s: number): number {
  const { width: w, height: h, index } = img;
  let on = 0;
  let all = 0;
  for (let x = 0; x < w; x++)
    for (let y = 0; y < h; y++) {
      const above = index[((y + h - 1) % h) * w + x];
      if (index[y * w + x] !== s || above === s) continue;
      let n = 0;
      while (n < h && index[((y + n) % h) * w + x] === s) n++;
      all += n;
      if (index[((y + n) % h) * w + x] !== above) on += n;
    }
  return all ? on / all : 0;
}
/** The share of the pixels not turned to snow that keep their colour (best one-to-one mapping). */
function keptOutsideSnow(before: Img, after: Img, s: number): number {
  // Plain loops into preallocated arrays: a number[] of a megapixel and Uint8Array.from() with a
  // mapping function took 0.15-0.3 s of CPU a call, ten times this.
  const a = new Uint8Array(after.index.length);
  const b = new Uint8Array(after.index.length);
  let n = 0;
  for (let i = 0; i < after.index.length; i++) {
    const c = after.index[i] ?? 0;
    if (c === s) continue;
    a[n] = before.index[i] ?? 0;
    b[n++] = c;
  }
  return bestMapping(a.subarray(0, n), b.subarray(0, n)).coverage;
}
/** The share of the image's pixels of colour `k`. */
function shareOf(img: Img, k: number): number {
  let n = 0;
  for (let i = 0; i < img.index.length; i++) if (img.index[i] === k) n++;
  return n / img.index.length;
}
function rgbOf(img: Img): Uint8Array {
  const out = new Uint8Array(img.index.length * 3);
  for (let i = 0; i < img.index.length; i++) {
    const [r, g, b] = img.palette[img.index[i] ?? 0] ?? [0, 0, 0];
    out[i * 3] = r;
    out[i * 3 + 1] = g;
    out[i * 3 + 2] = b;
  }
  return out;
}

const WINTER = ['add snow', 'snowy', 'make it look like winter', 'for the snow season'];

/**
 * edit() is a pure function of the recipe and the request: an edit several tests look at (the
 * winter checks, G5 on the digital designs, snow on snow, the traded colour) is made once, and its
 * image decoded once.
 */
type Edited = { result: EditResult; img: Img };
const edits = new WeakMap<Recipe, Map<string, Edited>>();
function editOnce(recipe: Recipe, text: string): Edited {
  let byText = edits.get(recipe);
  if (!byText) edits.set(recipe, (byText = new Map<string, Edited>()));
  let out = byText.get(text);
  if (!out) {
    const result = edit(recipe, text);
    out = { result, img: decodeIndexedPng(result.png) };
    byText.set(text, out);
  }
  return out;
}

describe('winter edits: snow on the upper edges of shapes, the rest lighter and cooler', () => {
  const designs = new Map<string, GenerateResult>();
  beforeAll(async () => {
    // A forest, a meadow, snow itself, grassland, and moss-log (seven colours: snow must trade).
    for (const name of ['forest', 'mountain-meadow', 'snow', 'grassland', 'moss-log']) {
      const photo = await fixturePhoto(name);
      designs.set(name, generate({ photo, seed: 7 }));
    }
  }, 300_000);

  /**
   * One design's winter checks: `part` 'upper' is the snow on the shapes' upper edges, 'g5' the
   * seam after "add snow" (organic designs), 'rest' all the others; `want` says which to run.
   */
  const winterChecks = (name: string, v: 0 | 1, want: (part: 'upper' | 'g5' | 'rest') => boolean) => {
    const d = designs.get(name)?.designs[v];
    if (!d) throw new Error('no design');
    const before = decodeIndexedPng(d.png);
    for (const text of WINTER) {
      const { result: e, img: after } = editOnce(d.recipe, text);
      const s = snowIndex(after);
      const at = `${name} ${text}`;
      expect(s, at).toBeGreaterThanOrEqual(0);
      if (want('upper')) expect(onUpperEdges(after, s), at).toBeGreaterThanOrEqual(0.8);
      if (text === 'add snow' && v === 0 && want('g5')) {
        // G5: the origin shifted by half equals the tile rolled by half; the wrap edge as the interior.
        expect(shiftIsRoll(e.recipe), at).toBe(true);
        const j = wrapJumpRatios(rgbOf(after), after.width, after.height, 3);
        for (const r of [j.x, j.y]) {
          expect(r, at).toBeGreaterThanOrEqual(0.5);
          expect(r, at).toBeLessThanOrEqual(1.5);
        }
      }
      if (!want('rest')) continue;
      // Snow white itself on at least 10 % of the tile, and that much more of the tile at L* 85 or more.
      expect(shareOf(after, s), at).toBeGreaterThanOrEqual(0.1);
      expect(brightShare(after) - brightShare(before), at).toBeGreaterThanOrEqual(0.1);
      expect(keptOutsideSnow(before, after, s), at).toBeGreaterThanOrEqual(0.9);
      expect(mean(after, (l) => l.L) - mean(before, (l) => l.L), at).toBeGreaterThanOrEqual(1.5);
      // Cooler: mean b* down, counting only the pixels that are not snow.
      const notSnow = (img: Img) => {
        const labs = labsOf(img);
        let t = 0;
        let n = 0;
        for (let i = 0; i < img.index.length; i++) {
          if (after.index[i] === s) continue;
          t += labs[img.index[i] ?? 0]?.b ?? 0;
          n++;
        }
        return t / n;
      };
      expect(notSnow(after), at).toBeLessThan(notSnow(before));
      expect(after.palette.length, at).toBeLessThanOrEqual(7);
    }
  };

  /**
   * The checks a design still misses, each a test marked as failing so that vitest reports the day
   * it passes; every other check still runs on it. None today:
   * - forest A missed G5 after "add snow" (the jump across the wrap edge 0.24 of the interior's on
   *   x, 0.5 to 1.5 asked) while the organic style's snow lay only on runs at least 3 % of the tile
   *   tall: its edges then crossed a column where a tall run began or ended, not where the design's
   *   boundaries did, and the cut, a typical line of the design without snow, crossed 8 snow edges
   *   where a line crosses 38 on average. Since the snow lies on every run, deeper on the taller
   *   ones (Overlays.snow.tallRun), it is x 0.93, y 0.93 (2026-11-29).
   * - grassland B missed the snow on the upper edges (0.74 after "add snow", 0.8 asked) until the
   *   digital style's snow was decided on the cells as drawn (render/digital-cells.ts#digitalCells).
   */
  const KNOWN_MISSES: Record<string, { part: 'upper' | 'g5'; figures: string }> = {};

  for (const name of ['forest', 'mountain-meadow', 'snow', 'grassland', 'moss-log'])
    for (const v of [0, 1] as const) {
      const miss = KNOWN_MISSES[`${name} ${v ? 'B' : 'A'}`];
      it(`${name} ${v ? 'B' : 'A'}: at least 10 % more of the tile at L* 85 or more, on the shapes' upper edges, the layout and the seam kept${miss ? ` (but for ${miss.part === 'g5' ? 'the seam' : 'the upper edges'})` : ''}`, () =>
        winterChecks(name, v, (part) => part !== miss?.part));
      if (miss)
        it.fails(
          `${name} ${v ? 'B' : 'A'}: ${miss.part === 'g5' ? 'the seam after "add snow"' : "snow on the shapes' upper edges"} (not met: ${miss.figures})`,
          () => winterChecks(name, v, (part) => part === miss.part),
        );
    }

  /**
   * G5's wrap-edge jump on the digital designs after "add snow": the snow is whole cells, decided
   * on the cells as drawn, so the origin-shift check holds. The digital cut is a cell edge in one
   * macro block only, so the jump across it is the snow of 16 cells, and forest B missed 0.5-1.5
   * (x 2.19, y 1.76) until the edit tried the depth profile's other seeds and the snow on shorter
   * shapes where the jump was outside 1/1.25-1.25 (src/edit/snow-edit.ts#placeSnow). 2026-11-29:
   * forest 0.86/1.20, mountain-meadow 1.06/1.12, snow 0.84/1.04, grassland 0.96/1.29, moss-log
   * 1.12/1.03.
   */
  it('G5\'s wrap-edge jump after "add snow" on every digital design', () => {
    const bad: string[] = [];
    for (const [name, res] of designs) {
      const { result: e, img: after } = editOnce(res.designs[1].recipe, 'add snow');
      const j = wrapJumpRatios(rgbOf(after), after.width, after.height, 3);
      expect(shiftIsRoll(e.recipe), name).toBe(true);
      console.log(`G5 after "add snow", ${name} B: x ${j.x.toFixed(2)}, y ${j.y.toFixed(2)}`);
      if ([j.x, j.y].some((r) => r < 0.5 || r > 1.5)) bad.push(name);
    }
    expect(bad).toEqual([]);
  });

  it('snow on a design that has it already is refused as changing nothing, saying why', () => {
    const d = designs.get('forest')?.designs[0];
    if (!d) throw new Error('no design');
    const once = editOnce(d.recipe, 'add snow').result;
    expect(() => edit(once.recipe, 'snowy')).toThrow(EditNotUnderstoodError);
    try {
      edit(once.recipe, 'snowy');
    } catch (e) {
      expect((e as EditNotUnderstoodError).reason).toBe('would-change-nothing');
      expect((e as EditNotUnderstoodError).why).toEqual(['there is snow on the shapes already']);
    }
  });

  it('"no snow", "less snow" and "more snow" are judged on the design: refused where there is no snow, made where there is', () => {
    const d = designs.get('forest')?.designs[0];
    if (!d) throw new Error('no design');
    const refusal = (recipe: Recipe, text: string): EditNotUnderstoodError | undefined => {
      try {
        edit(recipe, text);
      } catch (e) {
        if (e instanceof EditNotUnderstoodError) return e;
        throw e;
      }
      return undefined;
    };
    for (const text of ['no snow please', 'less snow']) {
      const e = refusal(d.recipe, text);
      expect(e?.reason, text).toBe('would-change-nothing');
      expect(e?.why, text).toEqual(['there is no snow on this design']);
    }
    const { result: once, img: snowy } = editOnce(d.recipe, 'add snow');
    const s = snowIndex(snowy);
    const before = shareOf(snowy, s);
    // Off: no snow white left, and every pixel that was not snow keeps its colour.
    const off = decodeIndexedPng(edit(once.recipe, 'no snow please').png);
    expect(snowIndex(off)).toBe(-1);
    let changed = 0;
    // Each palette colour's RGB as text, made once per colour rather than twice a pixel.
    const rgbKey = (img: Img) => Array.from({ length: 256 }, (_, k) => (img.palette[k] ?? []).join());
    const [was, now] = [rgbKey(snowy), rgbKey(off)];
    for (let i = 0; i < snowy.index.length; i++) {
      const v = snowy.index[i] ?? 0;
      if (v !== s && was[v] !== now[off.index[i] ?? 0]) changed++;
    }
    expect(changed).toBe(0);
    const more = decodeIndexedPng(edit(once.recipe, 'more snow').png);
    const less = decodeIndexedPng(edit(once.recipe, 'less snow').png);
    expect(shareOf(more, snowIndex(more))).toBeGreaterThan(before + 0.02);
    expect(shareOf(less, snowIndex(less))).toBeLessThan(before - 0.02);
    expect(onUpperEdges(more, snowIndex(more))).toBeGreaterThanOrEqual(0.8);
  });

  it('a design with no room for one more colour trades its least-used one and says so', () => {
    const d = designs.get('moss-log')?.designs[0];
    if (!d) throw new Error('no design');
    expect(d.recipe.palette.length).toBe(7);
    const least = [...d.recipe.palette].filter((p) => p.share > 0).sort((a, b) => a.share - b.share)[0];
    const { result: e, img } = editOnce(d.recipe, 'add snow');
    expect(e.summary).toContain(`the snow took the place of ${least?.name}, the least-used colour`);
    expect(img.palette.length).toBe(7);
    expect(e.recipe.palette.map((p) => p.name)).not.toContain(least?.name);
  });
});

describe('what a winter clause asks of the snow', () => {
  it('reads taking it off, less and more, and still lays it when the snow is where one hides', () => {
    const mode = (text: string) => {
      const op = parseEdit(text).find((o) => o.kind === 'snow');
      return op?.kind === 'snow' ? (op.mode ?? 'lay') : 'none';
    };
    for (const t of ['no snow please', 'without the snow', 'get rid of the snow', 'not snowy', 'snow-free'])
      expect(mode(t), t).toBe('remove');
    for (const t of ['less snow', 'too snowy', 'not so snowy', 'too much snow'])
      expect(mode(t), t).toBe('less');
    for (const t of ['more snow', 'much snowier', 'make it snowier']) expect(mode(t), t).toBe('more');
    for (const t of [
      'add snow',
      'make it look like winter',
      'for the snow season',
      'so I can hide in the snow',
      'it needs to work in the snow',
      'can you add some snow to it',
    ])
      expect(mode(t), t).toBe('lay');
  });
});

describe('"no black" judged on the design it is made on', () => {
  let autumn: Photo;
  let snow: Photo;
  let forest: Photo;
  beforeAll(async () => {
    [autumn, snow, forest] = await Promise.all([
      fixturePhoto('autumn'),
      fixturePhoto('snow'),
      fixturePhoto('forest'),
    ]);
  });
  /** generate()'s design A (byte-identical, generateVariant): these checks look at A alone. */
  const designA = (input: GenerateInput) => generateVariant(input, 'A');
  const usedLabs = (png: Uint8Array): Lab[] => {
    const img = decodeIndexedPng(png);
    const used = new Set(img.index);
    return labsOf(img).filter((_, i) => used.has(i));
  };

  it('outlines drawn in near-black go to the darkest colour that stays (autumn A had them and was refused)', () => {
    const d = designA({ photo: autumn, seed: 7, candidates: 1, toggles: { outlineStrokes: true } });
    // The design has black: its outline colour.
    expect(Math.min(...usedLabs(d.png).map((l) => l.L))).toBeLessThan(15);
    const e = edit(d.recipe, 'no black please');
    expect(e.summary).toMatch(/lines drawn in .* instead of black/);
    expect(Math.min(...usedLabs(e.png).map((l) => l.L))).toBeGreaterThanOrEqual(20);
  });

  it("a near-black (L* 25, chroma 10) more than 14 CIEDE2000 from the colour table's black is removed", () => {
    const d = designA({ photo: forest, seed: 7, candidates: 1 });
    const r = structuredClone(d.recipe);
    const k = r.palette.reduce(
      (a, p, i) => (p.share > 0 && p.lab.L < (r.palette[a]?.lab.L ?? 99) ? i : a),
      0,
    );
    const p = r.palette[k];
    if (!p) throw new Error('no palette');
    r.palette[k] = relabel(p, { L: 25, a: 6, b: 8 });
    const [R, G, B] = hexToRgb('#161616');
    expect(ciede2000(r.palette[k]?.lab ?? p.lab, rgbToLab(R, G, B))).toBeGreaterThan(14);
    const e = edit(r, 'no black');
    expect(e.summary).toContain('removed');
    expect(usedLabs(e.png).every((l) => l.L > 25 || Math.hypot(l.a, l.b) > 10)).toBe(true);
  });

  it('is refused as already true only when it is: the snow design has no black (its darkest is a graphite at L* 30)', () => {
    const d = designA({ photo: snow, seed: 7, candidates: 1 });
    expect(Math.min(...usedLabs(d.png).map((l) => l.L))).toBeGreaterThan(25);
    let err: unknown;
    try {
      edit(d.recipe, 'no black');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(EditNotUnderstoodError);
    expect((err as EditNotUnderstoodError).reason).toBe('would-change-nothing');
    expect((err as EditNotUnderstoodError).why.join()).toContain('there is no black');
  });
});
