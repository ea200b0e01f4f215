/**
 * The ground palette (decision 023): of plain k-means++ clusterings of the ground with five, six
 * or seven colours, the one that best stands in for the engine's other seeds' (groundPalette),
 * settled on a denser sample where that moves it beyond G2/G3's bounds (decision 031); and the
 * palette before it (palette: 'greedy'), the greedy clustering topped up with a distinct colour,
 * small colours near the sky's dropped (robustPalette, dropSkyEdges).
 */
import { labToRgb, quantiseLab, rgbToHex, type Lab } from '../color/lab.js';
import { colourName } from '../color/names.js';
import { ciede2000 } from '../metrics/ciede2000.js';
import {
  kmeansBest,
  kmeansLab,
  lloyd,
  sharesByNearest,
  type Cluster,
  type LabPoints,
} from '../metrics/kmeans.js';

export interface Swatch {
  hex: string;
  name: string;
  lab: Lab;
  share: number;
  /** A distinct colour that k = 5 merged away and a k = 6 clustering found (see robustPalette). */
  distinct?: boolean;
  /** When distinct colours were added: this colour's share without them (the k = 5 share). */
  baseShare?: number;
}

/**
 * Pixels on the horizon line mix sky and ground, and sky seen through grass blades or twigs is
 * not always caught: a small palette colour (under 6 %) close to the sky's or the water's mean
 * colour (CIEDE2000 under 10) is such a residue, and its share goes to the nearest other colour.
 */
export function dropSkyEdges(
  palette: Swatch[],
  sky: { skyLab?: Lab; waterLab?: Lab },
  maxShare = 0.06,
  minColours = 3,
): Swatch[] {
  const refs = [sky.skyLab, sky.waterLab].filter((x): x is Lab => !!x);
  if (!refs.length) return palette;
  const out = palette.map((s) => ({ ...s }));
  for (let i = out.length - 1; i >= 0; i--) {
    const s = out[i];
    if (!s || s.share >= maxShare || out.length <= minColours) continue;
    if (!refs.some((r) => ciede2000(r, s.lab) < 10)) continue;
    out.splice(i, 1);
    let near: Swatch | undefined;
    let nd = Infinity;
    for (const q of out) {
      const d = ciede2000(q.lab, s.lab);
      if (d < nd) {
        nd = d;
        near = q;
      }
    }
    if (near) near.share += s.share;
  }
  return out;
}

/** A deterministic strided subset of at most `max` points. */
function thin(points: LabPoints, max: number): LabPoints {
  const n = points.L.length;
  if (n <= max) return points;
  const step = n / max;
  const L = new Float32Array(max);
  const A = new Float32Array(max);
  const B = new Float32Array(max);
  for (let i = 0; i < max; i++) {
    const j = Math.floor(i * step);
    L[i] = points.L[j] ?? 0;
    A[i] = points.A[j] ?? 0;
    B[i] = points.B[j] ?? 0;
  }
  return { L, A, B };
}

/**
 * Six photo colours leave room for the shadow tone the recipe may add (G1 allows seven); the typical
 * palette takes seven where six colours do not settle (groundPalette), and then no shadow is added.
 */
const MAX_PHOTO_COLOURS = 6;
/** A large cluster of another clustering this far (CIEDE2000) from every palette colour is added. */
const DISTINCT_DE = 6;

/**
 * The ground palette: the greedy k-means++ clusters (k = 5, best of 3, as always), topped up with
 * any distinct colour that other clusterings find and these miss. Plain k-means++ with k = 6
 * (three seeds) can isolate a colour of 5 % or more (an orange path, a turquoise pool, pebbles of
 * another hue) that k = 5 merges into a neighbour; a centre more than DISTINCT_DE from every
 * palette colour is added (largest first, up to six colours), and then every colour's share is the
 * share of ground pixels nearest to it.
 *
 * Holding G2 within 3 (weighted mean 1.5) against every k = 4, 5 and 6 clustering at once is not
 * possible in general with seven colours: a k = 4 centre often sits halfway between two k = 6
 * centres, 4-5 CIEDE2000 from each (see the README's known gaps). An optimiser that chose colours
 * among the centres of fifteen clusterings did no better than this on the fixtures.
 */
export function robustPalette(points: LabPoints, k = 5): Swatch[] {
  const pts = thin(points, 12_000);
  const base = kmeansBest(pts, k, 12345, 3).filter((c) => c.share >= 0.01);
  const labs = base.map((c) => c.lab);
  const baseShares = base.map((c) => c.share);
  let shares = baseShares;
  const baseCount = labs.length;
  if (k >= 5) {
    const extra: { lab: Lab; share: number }[] = [];
    for (const seed of [1, 2, 3])
      for (const c of kmeansLab(pts, 6, seed, 40, false)) if (c.share >= 0.05) extra.push(c);
    extra.sort((x, y) => y.share - x.share);
    let added = false;
    for (const e of extra) {
      if (labs.length >= MAX_PHOTO_COLOURS) break;
      if (Math.min(...labs.map((l) => ciede2000(l, e.lab))) > DISTINCT_DE) {
        labs.push(e.lab);
        added = true;
      }
    }
    if (added) shares = sharesByNearest(pts, labs);
  }
  const out: Swatch[] = [];
  labs.forEach((lab, i) => {
    const share = shares[i] ?? 0;
    if (share < 0.01) return;
    const q = quantiseLab(lab);
    out.push({
      hex: rgbToHex(labToRgb(lab)),
      name: colourName(q),
      lab: q,
      share,
      ...(i >= baseCount
        ? { distinct: true }
        : shares !== baseShares
          ? { baseShare: baseShares[i] ?? 0 }
          : {}),
    });
  });
  const tot = out.reduce((s, e) => s + e.share, 0) || 1;
  for (const e of out) e.share /= tot;
  return out.sort((x, y) => y.share - x.share);
}

/** A six-colour centre this far (CIEDE2000) from every one of the five colours is a distinct element. */
const DISTINCT_ELEMENT_DE = 15;
/** Five colours are kept unless their clusterings agree worse than this (standIn, 1 = at G2/G3's bounds). */
const FIVE_AGREES = 0.5;

/**
 * The ground palette (decision 023): plain k-means++ clusterings of the ground with five and with
 * six colours, six seeds each; of each count the clustering that best stands in for the other
 * seeds' (consensusPalette). Five colours, as before, unless
 * - the five-colour clusterings disagree (their typical one stands in for the others worse than
 *   FIVE_AGREES) and the six-colour ones agree better: a ground whose colours k = 5 cuts in
 *   different places from different starts (star moss, wet moss, a pasture), or
 * - the six-colour clusterings agree (within FIVE_AGREES) and their typical one has a colour of
 *   5 % or more that is more than DISTINCT_ELEMENT_DE from every one of the five colours (an orange path,
 *   a patch of snow, pebbles of another hue): a small but distinct element gets a colour.
 *
 * When six colours win, seven (G1's most, which leaves no room for a shadow tone) are taken instead
 * if their clusterings agree better still: where six colours cut a ground in different places from
 * different starts, a seventh often settles it (moss on a log: the engine's six-colour seeds agree
 * within 0.24 and seven within 0.03; the tests' five seeds on their own sample reach two six-colour
 * clusterings 3 to 2, so the six-colour palette missed G2 by 7.4 and meets it with seven at 1.2).
 *
 * The chosen clustering is then settled on a denser sample of the ground (`settled`), and the
 * settled colours and shares are taken when the chosen ones would not meet G2/G3's bounds against
 * them (standIn above 1; decision 031): the 6000 points can put a colour at the bright or saturated
 * end of a continuum elsewhere than the photo's own pixels do. On the 35 photos the figure is 1.67 on
 * snow-patches-grass (its sunlit green, L* 53 on the 6000 points, 58 on the photo's 65 000) and at
 * most 0.81 on the others, which keep their palette byte for byte.
 *
 * The greedy palette (robustPalette, palette: 'greedy') is the greedy k-means++ clustering (k = 5, best of 3) topped
 * up with a distinct k = 6 centre; G2/G3 judge a design against plain k-means++ with k equal to its
 * photo colours, and a six-colour palette made of five greedy centres and a sixth from elsewhere
 * is not what any six-colour clustering finds (2 of 16 fixtures and 4 of 17 held-out photos meet
 * G2/G3 that way, 15 of 16 and 12 of 17 with this one, the default since decision 023).
 */
export function groundPalette(points: LabPoints, settleOn: LabPoints): Swatch[] {
  const pts = thin(points, CONSENSUS_POINTS);
  const five = consensusPalette(pts, 5);
  const six = consensusPalette(pts, MAX_PHOTO_COLOURS);
  const sixWins =
    (five.score > FIVE_AGREES && six.score < five.score) ||
    (six.score <= FIVE_AGREES &&
      six.palette.some(
        (c) => c.share >= 0.05 && five.palette.every((f) => ciede2000(f.lab, c.lab) > DISTINCT_ELEMENT_DE),
      ));
  let chosen = five.palette;
  if (sixWins) {
    const seven = consensusPalette(pts, MAX_PHOTO_COLOURS + 1);
    chosen = seven.score < six.score ? seven.palette : six.palette;
  }
  const dense = settled(chosen, settleOn);
  return standIn(chosen, dense) > 1 ? dense : chosen;
}

/**
 * A clustering settled on a denser sample of the ground (SETTLE_PIXELS, sky left out as for the
 * analysis; every pixel of a photo of up to 80 000, every second one each way of a 640 x 480 one):
 * Lloyd's iterations from its centres until none moves by more than SETTLE_STEP (CIELAB) or
 * SETTLE_ITERATIONS, each colour then the mean of the pixels nearest to it and its share theirs. The
 * consensus is chosen on 6000 points, a stride of the analysis's 36 000; the judge's clusterings
 * run on the photo's own pixels (snow-patches-grass: the sunlit green settles at L* 53 on the 6000
 * points, at 58 on the photo's 65 000, where all five of the tests' seeds put it). Twenty
 * iterations settle it as sixty do. Costs about 18 ms of the analysis's median (decision 031).
 */
export const SETTLE_PIXELS = 80_000;
const SETTLE_ITERATIONS = 20;
const SETTLE_STEP = 0.01;

function settled(palette: Swatch[], pts: LabPoints): Swatch[] {
  const k = palette.length;
  const n = pts.L.length;
  if (!k || !n) return palette;
  const cL = Float64Array.from(palette, (s) => s.lab.L);
  const cA = Float64Array.from(palette, (s) => s.lab.a);
  const cB = Float64Array.from(palette, (s) => s.lab.b);
  const sW = lloyd(
    { L: pts.L, A: pts.A, B: pts.B },
    cL,
    cA,
    cB,
    SETTLE_ITERATIONS,
    (_, moved) => moved < SETTLE_STEP,
  );
  const out: Swatch[] = [];
  for (let j = 0; j < k; j++) {
    const share = (sW[j] ?? 0) / n;
    if (share < 0.01) continue;
    const lab = { L: cL[j] ?? 0, a: cA[j] ?? 0, b: cB[j] ?? 0 };
    const q = quantiseLab(lab);
    out.push({ hex: rgbToHex(labToRgb(lab)), name: colourName(q), lab: q, share });
  }
  const tot = out.reduce((s, e) => s + e.share, 0) || 1;
  for (const e of out) e.share /= tot;
  return out.sort((x, y) => y.share - x.share);
}

/**
 * Seeds of the engine's own plain k-means++ clusterings (none of them the tests' 1-5), and the
 * points they cluster: six seeds on 6000 points cost what the greedy k = 5 (best of 3) and the
 * three k = 6 top-up clusterings on 12 000 points did; eight seeds or 12 000 points did no better.
 */
const CONSENSUS_SEEDS = [101, 102, 103, 104, 105, 106];
const CONSENSUS_POINTS = 6000;

/**
 * How far clustering `p` is from standing in for clustering `q` on G2/G3's terms, as one number (a
 * value of 1 or less meets each bound): the largest distance from a cluster of q with 5 % or more to
 * its nearest centre of p over 3, the share-weighted mean of those distances over 1.5, and the total
 * variation between p's shares gathered per nearest centre of q and q's shares over 0.10.
 */
function standIn(p: readonly Cluster[], q: readonly Cluster[]): number {
  let worst = 0;
  let wsum = 0;
  let wtot = 0;
  for (const c of q) {
    if (c.share < 0.05) continue;
    let d = Infinity;
    for (const e of p) d = Math.min(d, ciede2000(c.lab, e.lab));
    worst = Math.max(worst, d);
    wsum += d * c.share;
    wtot += c.share;
  }
  const per = new Array<number>(q.length).fill(0);
  for (const e of p) {
    let best = 0;
    let bd = Infinity;
    q.forEach((c, j) => {
      const d = ciede2000(c.lab, e.lab);
      if (d < bd) {
        bd = d;
        best = j;
      }
    });
    per[best] = (per[best] ?? 0) + e.share;
  }
  const tv = 0.5 * q.reduce((s, c, j) => s + Math.abs((per[j] ?? 0) - c.share), 0);
  return Math.max(worst / 3, wsum / (wtot || 1) / 1.5, tv / 0.1);
}

/**
 * The ground palette as the clustering that best stands in for the others: plain k-means++ with
 * k colours, several seeds, each scored by how well its centres and shares would meet G2/G3 against
 * every other seed's clustering (median), the best kept. On a continuum of colours k-means settles
 * in different places from different starts; the most typical of them is the one another tool
 * is most likely to find (camo-engine.md: G2/G3 against k-means++ with five seeds, the median).
 */
function consensusPalette(
  pts: LabPoints,
  k: number,
): { palette: Swatch[]; score: number; runs: Cluster[][] } {
  const runs = CONSENSUS_SEEDS.map((seed) => kmeansLab(pts, k, seed, 40, false));
  let best = runs[0] ?? [];
  let bestScore = Infinity;
  for (const p of runs) {
    const scores = runs.filter((q) => q !== p).map((q) => standIn(p, q));
    scores.sort((a, b) => a - b);
    const score = scores[scores.length >> 1] ?? 0;
    if (score < bestScore) {
      bestScore = score;
      best = p;
    }
  }
  const palette = best
    .filter((c) => c.share >= 0.01)
    .map((c) => {
      const q = quantiseLab(c.lab);
      return { hex: rgbToHex(labToRgb(c.lab)), name: colourName(q), lab: q, share: c.share };
    })
    .sort((x, y) => y.share - x.share);
  const tot = palette.reduce((s, e) => s + e.share, 0) || 1;
  for (const e of palette) e.share /= tot;
  return { palette, score: bestScore, runs };
}
