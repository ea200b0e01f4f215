import { beforeAll, describe, expect, it } from 'vitest';
import { rgbToLab, hexToRgb, type Lab } from '../src/color/lab.js';
import { parseEdit } from '../src/edit/parse.js';
import {
  edit,
  EditNotUnderstoodError,
  generate,
  type EditResult,
  type GenerateInput,
  type GenerateResult,
} from '../src/index.js';
import { bestMapping, largestPatchOverlaps } from '../src/metrics/layout.js';
import { ciede2000 } from '../src/metrics/ciede2000.js';
import { patchSizeSpan } from '../src/metrics/components.js';
import { lightnessPlane } from '../src/metrics/design-metrics.js';
import { axisEnergyShare, edgeCoherence } from '../src/metrics/orientation.js';
import { wrapJumpRatios } from '../src/metrics/tiling.js';
import { decodeIndexedPng } from '../src/node.js';
import type { Photo } from '../src/types.js';
import { EDIT_CORPUS, shiftIsRoll } from './edit-corpus.js';
import { fixturePhoto } from './fixture-photo.js';

type Img = ReturnType<typeof decodeIndexedPng>;

/** The image measures of the corpus, computed on demand and cached per image. */
class Measures {
  readonly index: Uint8Array;
  private cache = new Map<string, number>();
  readonly labs: Lab[];
  readonly shares: number[];
  constructor(readonly img: Img) {
    this.index = img.index;
    this.labs = img.palette.map(([r, g, b]) => rgbToLab(r, g, b));
    const counts = new Float64Array(img.palette.length);
    for (let i = 0; i < img.index.length; i++) {
      const v = img.index[i] ?? 0;
      counts[v] = (counts[v] ?? 0) + 1;
    }
    this.shares = Array.from(counts, (c) => c / img.index.length);
  }
  private memo(key: string, f: () => number): number {
    let v = this.cache.get(key);
    if (v === undefined) {
      v = f();
      this.cache.set(key, v);
    }
    return v;
  }
  private mean(f: (l: Lab) => number): number {
    return this.labs.reduce((s, l, i) => s + f(l) * (this.shares[i] ?? 0), 0);
  }
  meanL = () => this.memo('L', () => this.mean((l) => l.L));
  meanB = () => this.memo('b', () => this.mean((l) => l.b));
  chroma = () => this.memo('K', () => this.mean((l) => Math.hypot(l.a, l.b)));
  stdL = () =>
    this.memo('D', () => {
      const m = this.meanL();
      return Math.sqrt(this.mean((l) => (l.L - m) ** 2));
    });
  share = (hex: string) =>
    this.memo(`S${hex}`, () => {
      const [r, g, b] = hexToRgb(hex);
      const t = rgbToLab(r, g, b);
      return this.labs.reduce((s, l, i) => s + (ciede2000(l, t) < 12 ? (this.shares[i] ?? 0) : 0), 0);
    });
  colours = () => this.memo('C', () => this.shares.filter((s) => s > 0).length);
  /** The share of pixels at L* 85 or more. */
  brightShare = () =>
    this.memo('W', () => this.labs.reduce((s, l, i) => s + (l.L >= 85 ? (this.shares[i] ?? 0) : 0), 0));
  /** The index of the snow white a winter edit adds (#eef0f0), or -1. */
  snowIndex = (): number => {
    const [r, g, b] = hexToRgb('#eef0f0');
    const t = rgbToLab(r, g, b);
    return this.labs.findIndex((l, i) => (this.shares[i] ?? 0) > 0 && ciede2000(l, t) < 1);
  };
  /**
   * Of the snow's pixels, the share lying on the upper edge of a shape: in its column, the colour
   * just under the run of snow differs from the colour just over it.
   */
  snowOnUpperEdges = () =>
    this.memo('U', () => {
      const s = this.snowIndex();
      const { width: w, height: h } = this.img;
      const ix = this.index;
      let on = 0;
      let all = 0;
      for (let x = 0; x < w; x++)
        for (let y = 0; y < h; y++) {
          const above = ix[((y + h - 1) % h) * w + x];
          if (ix[y * w + x] !== s || above === s) continue;
          let n = 0;
          while (n < h && ix[((y + n) % h) * w + x] === s) n++;
          all += n;
          if (ix[((y + n) % h) * w + x] !== above) on += n;
        }
      return all ? on / all : 0;
    });
  /**
   * Over the pixels that are not snow after a winter edit (`this`, the edited image), the mean change
   * of L* and of b* from the same pixels of `before`: the rest lightened and cooled.
   */
  restChange(before: Measures): { dL: number; db: number } {
    const s = this.snowIndex();
    let dL = 0;
    let db = 0;
    let n = 0;
    for (let i = 0; i < this.index.length; i++) {
      const c = this.index[i] ?? 0;
      if (c === s) continue;
      const x = this.labs[c];
      const y = before.labs[before.index[i] ?? 0];
      if (!x || !y) continue;
      dL += x.L - y.L;
      db += x.b - y.b;
      n++;
    }
    return { dL: dL / Math.max(1, n), db: db / Math.max(1, n) };
  }
  /** G5's second part: the mean colour jump across the wrap edge over the interior's, per axis. */
  seam = (): { x: number; y: number } => {
    const { width: w, height: h, palette } = this.img;
    const rgb = new Uint8Array(w * h * 3);
    for (let i = 0; i < this.index.length; i++) {
      const [r, g, b] = palette[this.index[i] ?? 0] ?? [0, 0, 0];
      rgb[i * 3] = r;
      rgb[i * 3 + 1] = g;
      rgb[i * 3 + 2] = b;
    }
    return wrapJumpRatios(rgb, w, h, 3);
  };
  private spanCache?: ReturnType<typeof patchSizeSpan>;
  /** The image's torus components, found once: every patch's size (`sizes`), their count, the median. */
  private span(): ReturnType<typeof patchSizeSpan> {
    return (this.spanCache ??= patchSizeSpan(this.img.index, this.img.width, this.img.height));
  }
  patches = () => this.memo('P', () => this.span().count);
  patchSize = () => this.memo('Z', () => this.span().p50);
  small = () => this.memo('T', () => this.span().sizes.filter((s) => s <= 200).length);
  mid = () => this.memo('M', () => this.span().sizes.filter((s) => s >= 150 && s <= 6000).length);
  private planeCache?: { width: number; height: number; data: Float32Array };
  private plane() {
    return (this.planeCache ??= {
      width: this.img.width,
      height: this.img.height,
      data: lightnessPlane(this.img),
    });
  }
  axis = () => this.memo('X', () => axisEnergyShare(this.plane()));
  coherence = () => this.memo('G', () => edgeCoherence(this.plane()));
  /** (gy^2 - gx^2) / (gx^2 + gy^2) over L*: > 0 when edges run mostly horizontally. */
  horizontal = () =>
    this.memo('H', () => {
      const { width: w, height: h, data } = this.plane();
      let xx = 0;
      let yy = 0;
      let xy = 0;
      for (let y = 0; y < h - 1; y += 2)
        for (let x = 0; x < w - 1; x += 2) {
          const i = y * w + x;
          const gx = (data[i + 1] ?? 0) - (data[i] ?? 0);
          const gy = (data[i + w] ?? 0) - (data[i] ?? 0);
          xx += gx * gx;
          yy += gy * gy;
          xy += gx * gy;
        }
      void xy;
      const tr = xx + yy;
      return tr > 0 ? (yy - xx) / tr : 0;
    });
}

/** Checks one corpus expectation; returns a failure message or ''. */
function check(code: string, before: Measures, after: Measures, edited?: EditResult): string {
  const [head, hex] = code.split(':');
  const kind = head?.[0] ?? '';
  const dir = head?.slice(1) ?? '';
  const up = dir === '+';
  const fmt = (x: number) => x.toFixed(3);
  const rel = (a: number, b: number, upBy: number, downBy: number): boolean =>
    up ? b >= a * upBy : b <= a * downBy;
  const delta = (a: number, b: number, by: number): boolean => (up ? b - a >= by : a - b >= by);
  let ok = true;
  let a = 0;
  let b = 0;
  switch (kind) {
    case 'L':
      [a, b] = [before.meanL(), after.meanL()];
      ok = delta(a, b, 1.5);
      break;
    case 'b':
      [a, b] = [before.meanB(), after.meanB()];
      ok = delta(a, b, 1);
      break;
    case 'K':
      [a, b] = [before.chroma(), after.chroma()];
      ok = rel(a, b, 1.05, 0.95);
      break;
    case 'S':
      [a, b] = [before.share(hex ?? ''), after.share(hex ?? '')];
      ok = dir === '0' ? b < 0.005 : up ? b - a >= 0.02 : a - b >= 0.02 || b <= a / 2;
      break;
    case 'P':
      [a, b] = [before.patches(), after.patches()];
      ok = rel(a, b, 1.1, 0.9);
      break;
    case 'Z':
      [a, b] = [before.patchSize(), after.patchSize()];
      ok = rel(a, b, 1.15, 0.87);
      break;
    case 'D':
      [a, b] = [before.stdL(), after.stdL()];
      ok = rel(a, b, 1.07, 0.93);
      break;
    case 'C':
      [a, b] = [before.colours(), after.colours()];
      ok = dir.startsWith('=') ? b === Number(dir.slice(1)) : up ? b > a : b < a;
      break;
    case 'X':
      [a, b] = [before.axis(), after.axis()];
      ok = up ? b >= 0.7 : b <= 0.35;
      break;
    case 'T':
      [a, b] = [before.small(), after.small()];
      ok = up ? b >= a + 200 : b <= a * 0.8;
      break;
    case 'M':
      [a, b] = [before.mid(), after.mid()];
      ok = b >= a + 40;
      break;
    case 'G':
      [a, b] = [before.coherence(), after.coherence()];
      ok = b >= a + 0.03;
      break;
    case 'W': {
      // Issue 41 item 2, as it is written: snow white on at least 10 % of the tile at L* 85 or
      // more, on the upper edges of shapes, the rest lighter and cooler, G5's seam kept (the
      // layout outside the snow is layoutCheck's), and a design with no room for one more colour
      // trading its least-used one and saying so.
      [a, b] = [before.brightShare(), after.brightShare()];
      const s = after.snowIndex();
      const snow = s >= 0 ? (after.shares[s] ?? 0) : 0;
      const upper = after.snowOnUpperEdges();
      const rest = after.restChange(before);
      const seam = after.seam();
      const misses: string[] = [];
      if (b - a < 0.1) misses.push(`L*>=85 ${fmt(a)} -> ${fmt(b)}`);
      if (snow < 0.1) misses.push(`snow white on ${fmt(snow)} of the tile`);
      if (upper < 0.8) misses.push(`on upper edges ${fmt(upper)}`);
      if (rest.dL < 1.5) misses.push(`the rest's L* ${rest.dL >= 0 ? '+' : ''}${rest.dL.toFixed(2)}`);
      if (rest.db > -1) misses.push(`the rest's b* ${rest.db >= 0 ? '+' : ''}${rest.db.toFixed(2)}`);
      if ([seam.x, seam.y].some((r) => r < 0.5 || r > 1.5))
        misses.push(`G5 wrap-edge jump x ${seam.x.toFixed(2)}, y ${seam.y.toFixed(2)}`);
      if (edited && !shiftIsRoll(edited.recipe))
        misses.push('G5: the origin shifted by half is not the tile rolled');
      if (after.colours() > 7) misses.push(`${after.colours()} colours`);
      if (
        before.colours() >= 7 &&
        !/the snow took the place of .+, the least-used colour/.test(edited?.summary ?? '')
      )
        misses.push('a full palette, and the summary does not say which colour the snow took the place of');
      return misses.length ? `${code}: ${misses.join(', ')}` : '';
    }
    case 'H':
      [a, b] = [before.horizontal(), after.horizontal()];
      ok = b >= a + 0.08;
      break;
    case 'V':
      [a, b] = [before.horizontal(), after.horizontal()];
      ok = b <= a - 0.08;
      break;
    default:
      return `unknown check ${code}`;
  }
  return ok ? '' : `${code}: ${fmt(a)} -> ${fmt(b)}`;
}

/** Operations that recolour or move thresholds only. */
const COLOUR_OPS = new Set([
  'snow',
  'lightness',
  'warmth',
  'contrast',
  'chroma',
  'colour',
  'rank',
  'replace',
  'colours',
]);
/** Operations that change the fields' scale or detail, or draw an element over the layout. */
const SHAPE_OPS = new Set(['scale', 'density', 'toggle']);

/** The least share of the pixels a colour edit keeps under the best one-to-one mapping (item 1). */
const KEEP_COLOUR = 0.9;
/** darker, lighter, warmer and cooler keep every pixel's colour. */
const KEEP_TONE = 1;
/** The least overlap of each colour's largest patch with where it was (64 px view), shape edits. */
const KEEP_PATCH = 0.5;

/** Layout figures of the run, for the log. */
export const layoutLog: { text: string; kind: string; value: number }[] = [];

/**
 * The colours of `before` that a request removes: a named colour (the design colour nearest to
 * it), or the lightest or darkest colour. They are what the request asks to change.
 */
function removedColours(text: string, before: Measures): Set<number> {
  const out = new Set<number>();
  for (const o of parseEdit(text)) {
    const gone =
      (o.kind === 'colour' || o.kind === 'rank') && (o.mode === 'remove' || (o.mode === 'less' && o.k >= 2));
    if (!gone) continue;
    let best = -1;
    let bestScore = Infinity;
    before.labs.forEach((l, i) => {
      if ((before.shares[i] ?? 0) <= 0) return;
      const score = o.kind === 'colour' ? ciede2000(l, o.colour.lab) : o.which === 'lightest' ? -l.L : l.L;
      if (score < bestScore) {
        bestScore = score;
        best = i;
      }
    });
    if (best >= 0) out.add(best);
  }
  return out;
}

/**
 * The indices of the pixels whose colour in `index` is not in `skip`, nor, when `also` is given,
 * in `alsoSkip` there.
 */
function keepPixels(
  index: Uint8Array,
  skip: ReadonlySet<number>,
  also?: Uint8Array,
  alsoSkip: ReadonlySet<number> = new Set(),
): Uint32Array {
  // A lookup per colour and one preallocated array (a number[] of a megapixel and from() with a
  // mapping function cost a few hundred milliseconds a request).
  const skipped = (set: ReadonlySet<number>) =>
    Uint8Array.from({ length: 256 }, (_, c) => (set.has(c) ? 1 : 0));
  const a = skipped(skip);
  const b = skipped(alsoSkip);
  const out = new Uint32Array(index.length);
  let n = 0;
  for (let i = 0; i < index.length; i++) if (!a[index[i] ?? 0] && !(also && b[also[i] ?? 0])) out[n++] = i;
  return out.subarray(0, n);
}

/** The colours of `index` at the pixels `at`. */
function pick(index: Uint8Array, at: Uint32Array): Uint8Array {
  const out = new Uint8Array(at.length);
  for (let k = 0; k < at.length; k++) out[k] = index[at[k] ?? 0] ?? 0;
  return out;
}

/**
 * Issue 29, item 1, on one edit: '' or what went wrong. Style switches, brush strokes and stripes
 * and geometric shapes draw something new and are not measured. A request that removes a colour is
 * judged on the colours that remain: the removed colour's pixels must change, so they are left out
 * of the pixels that must keep their colour and of the cells an edit's largest patch "had before"
 * (with a colour added in the same request, the best mapping would otherwise pair the removed
 * colour with the new one and count its pixels as lost). Merges ("fewer colours") are judged as
 * before: a colour mapped to none is left out.
 */
function layoutCheck(text: string, before: Measures, after: Measures): string {
  const ops = parseEdit(text);
  if (ops.some((o) => o.kind === 'style' || o.kind === 'stretch')) return '';
  if (ops.some((o) => o.kind === 'toggle' && o.name === 'geometricShapes' && o.on)) return '';
  const removed = removedColours(text, before);
  // Snow is laid over the shapes where it lies: its pixels are what the request changes, so the
  // rest must keep their colour.
  const snow = ops.some((o) => o.kind === 'snow') ? after.snowIndex() : -1;
  const keep =
    snow >= 0
      ? keepPixels(after.index, new Set([snow]), before.index, removed)
      : removed.size
        ? keepPixels(before.index, removed)
        : undefined;
  const { coverage, map } = keep
    ? bestMapping(pick(before.index, keep), pick(after.index, keep))
    : bestMapping(before.index, after.index);
  if (ops.every((o) => COLOUR_OPS.has(o.kind))) {
    const tone = ops.every((o) => o.kind === 'lightness' || o.kind === 'warmth');
    const merges = ops.some((o) => o.kind === 'colours' && ((o.delta ?? 0) < 0 || o.count !== undefined));
    let lost = 0;
    if (merges)
      map.forEach((j, i) => {
        // before.shares[i]: colour i's pixels over the tile's, counted once per design.
        if (j < 0) lost += before.shares[i] ?? 0;
      });
    const kept = coverage / Math.max(1e-9, 1 - lost);
    const bound = tone ? KEEP_TONE : KEEP_COLOUR;
    layoutLog.push({ text, kind: tone ? 'tone' : removed.size || merges ? 'remove' : 'colour', value: kept });
    return kept >= bound - 1e-9
      ? ''
      : `layout: ${(kept * 100).toFixed(1)}% of the pixels kept their colour (at least ${bound * 100}%)`;
  }
  if (ops.some((o) => SHAPE_OPS.has(o.kind))) {
    const overlaps = largestPatchOverlaps(before.index, after.index, after.img.width, map, 64, 16, removed);
    const worst = Math.min(1, ...overlaps.map((o) => o.overlap));
    layoutLog.push({ text, kind: 'shape', value: worst });
    return worst >= KEEP_PATCH
      ? ''
      : `layout: a colour's largest patch overlaps where it was by ${worst.toFixed(2)} (at least ${KEEP_PATCH})`;
  }
  return '';
}

/**
 * A design the corpus runs on, with the requests the engine still gets wrong on it and what the
 * run measures (2026-11-26): they are reported as failures the day they pass, so each list can
 * only shrink, and every other request must pass. Issue 29 stays open on them.
 */
interface CorpusBase {
  label: string;
  input: Omit<GenerateInput, 'photo'>;
  knownMisses: Set<string>;
}

const FOREST = { description: 'forest path', state: 'OR', county: 'Lane' } as const;

const BASES: CorpusBase[] = [
  {
    // What the site draws from the forest photo today: the default engine (decision 023's
    // palette, one layout a style since 2026-11-29: decision 028), at the seed every fixture test uses.
    label: "the default engine's forest designs (seed 7)",
    input: { ...FOREST, seed: 7 },
    /**
     * - "bigger shapes, more green, add leaves": the mid-sized patches (150-6000 px) go 277 -> 316
     *   (M+ asks for 40 more): the bigger shapes join as many mid-sized patches as the leaves add.
     * "@B bigger", "@B darker and bigger" (median patch 1.12 times), "for the desert" (75088 ->
     * 77411 px) and "coyote tan and bigger shapes" (the new tan cut the large patches more than the
     * rescale joined them, 75088 -> 62330 px) missed Z+ too, until edit() checked a shape edit's
     * effect and made more of it where it was too small to see (src/edit/edit.ts#STRONGER).
     * - "coyote tan and bigger shapes" (since 2026-11-29, when the engine went back to one layout
     *   a style): Z+ misses, the area-weighted median patch 73425 -> 82470 px (1.12 times; it must
     *   rise 15 %): twice the change moves a colour's largest patch, so edit() keeps all of it.
     * "I want more brown and bigger blobs", "more brown and bigger blobs pls" and "bigger blobs and
     * more browns" missed Z+ (75088 -> 57780 px) on the layouts decision 028's six candidates picked
     * for forest A, and hold on the one layout drawn since.
     * Nine winter rows missed `W`'s G5 seam (the jump across the wrap edge after the snow 1.52-2.20
     * times the interior's: "add snow", "winter version", "snowy", "for hunting in the snow", "can
     * you add some snow to it", "make it for snow hunting" on A; "@B winter", "@B snowy", "@B for
     * the snow season") while the organic snow lay only on the taller runs and the digital snow's
     * seed was the request's alone; since 2026-11-29 every winter row holds, A x 0.80-1.10, B x
     * 1.17-1.20 (README, "Winter and black").
     */
    knownMisses: new Set(['bigger shapes, more green, add leaves', 'coyote tan and bigger shapes']),
  },
  {
    // The design the corpus was written and scored on: the one-candidate engine with the greedy
    // palette, seed 3. On the default engine's seed-3 designs, whose largest colour is one patch
    // of 30 % of the tile, 245 of the 290 passed (43 bigger or calmer requests grew the median patch
    // by less than Z+'s 15 %) until edit() made more of a shape change too small to see; now 289
    // (2026-11-26; the miss is "bigger shapes, more green, add leaves", M+ 271 -> 201).
    label: 'the forest designs the corpus was written on (seed 3, one candidate, greedy palette)',
    input: { ...FOREST, seed: 3, candidates: 1, palette: 'greedy' },
    /**
     * - "bigger shapes, more green, add leaves": the mid-sized patches go 309 -> 315 (M+ asks for
     *   40 more). Its layout holds (least overlap 0.55) since leaves are drawn in proportion to
     *   their colours' shares; with each leaf colour equally often it was 0.48, and 346 patches.
     * "add some tan, and make the shapes bigger" missed Z+ too (the new tan cut the large patches
     * more than the rescale joined them, median patch 45524 -> 40283 px) until edit() made more of
     * a shape change that was too small to see (src/edit/edit.ts#STRONGER).
     * "@B make it look like winter" (x 1.97) and "@B snowy" (x 1.76) missed `W`'s G5 seam on Node 20,
     * and "@B for the snow season" (x 1.98) on Node 24, until the digital snow kept the cut a typical
     * line (src/edit/snow-edit.ts#placeSnow): B's winter rows x 0.98-1.25 (2026-11-29, Node 24).
     */
    knownMisses: new Set(['bigger shapes, more green, add leaves']),
  },
];

/** Runs the corpus on both designs of `base`; returns the failures (request: what went wrong). */
export function runCorpus(
  corpus: [string, string][],
  base: GenerateResult,
  knownMisses: ReadonlySet<string>,
): { failures: string[]; passed: number } {
  const measures = base.designs.map((d) => new Measures(decodeIndexedPng(d.png)));
  const failures: string[] = [];
  let passed = 0;
  for (const [entry, checks] of corpus) {
    const onB = entry.startsWith('@B ');
    const text = onB ? entry.slice(3) : entry;
    const design = base.designs[onB ? 1 : 0];
    const before = measures[onB ? 1 : 0];
    if (!before) throw new Error('no base measures');
    if (checks === 'E') {
      try {
        edit(design.recipe, text);
        failures.push(`"${entry}": expected not understood, but it changed the design`);
      } catch (e) {
        if (
          e instanceof EditNotUnderstoodError &&
          e.reason === 'no-change-found' &&
          e.suggestions.length <= 3
        )
          passed++;
        else failures.push(`"${entry}": ${String(e)}`);
      }
      continue;
    }
    let after: Measures;
    let edited: EditResult;
    try {
      edited = edit(design.recipe, text);
      after = new Measures(decodeIndexedPng(edited.png));
    } catch (e) {
      failures.push(`"${entry}": ${e instanceof Error ? e.message.slice(0, 160) : String(e)}`);
      continue;
    }
    const layout = layoutCheck(text, before, after);
    const bad = [...checks.split(' ').map((c) => check(c, before, after, edited)), layout].filter(Boolean);
    if (knownMisses.has(entry)) {
      if (bad.length) console.log(`known miss, "${entry}": ${bad.join('; ')}`);
      else failures.push(`"${entry}" is listed as a known miss but passes now: take it off the list`);
    } else if (bad.length) failures.push(`"${entry}": ${bad.join('; ')}`);
    else passed++;
  }
  return { failures, passed };
}

describe('edit corpus: requests written the way people write, measured on the image', () => {
  let forest: Photo;
  beforeAll(async () => {
    forest = await fixturePhoto('forest');
  });

  it('has at least 150 requests', () => {
    expect(EDIT_CORPUS.length).toBeGreaterThanOrEqual(150);
  });

  for (const { label, input, knownMisses } of BASES)
    it(`every request makes the change it asks for, on ${label}`, () => {
      layoutLog.length = 0;
      const base = generate({ photo: forest, ...input });
      const { failures, passed } = runCorpus(EDIT_CORPUS, base, knownMisses);
      console.log(`edit corpus on ${label}: ${passed} of ${EDIT_CORPUS.length} requests did what they asked`);
      for (const kind of ['tone', 'colour', 'remove', 'shape']) {
        const v = layoutLog.filter((l) => l.kind === kind).map((l) => l.value);
        const least = layoutLog.filter((l) => l.kind === kind).sort((a, b) => a.value - b.value)[0];
        if (v.length)
          console.log(
            `layout (${kind}): ${v.length} requests, least ${Math.min(...v).toFixed(3)} ("${least?.text}"), median ${[...v].sort((a, b) => a - b)[v.length >> 1]?.toFixed(3)}`,
          );
      }
      expect(failures, failures.join('\n')).toEqual([]);
    }, 600_000);
});
