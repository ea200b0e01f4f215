/**
 * The colour edits on a recipe's own layers: a colour's share set by moving the thresholds of
 * its own layers, a colour removed (its regions go to their neighbours), a line colour dropped,
 * two colours merged, a colour added as a new top layer, the largest colour split into two tones.
 */
import type { Lab } from '../color/lab.js';
import { ciede2000 } from '../metrics/ciede2000.js';
import { entry } from '../recipe/palette.js';
import type { LayerSpec, PaletteEntry, Recipe } from '../recipe/recipe-types.js';
import { areaColours, dropEntry, nearestColour, repoint } from './recipe-ops.js';

/**
 * Sets colour c's share of the tile by moving the thresholds of its own layers (they grow or
 * shrink in place, over or off what lies under them); every other layer keeps its threshold. A
 * ground colour grows by the other layers shrinking in place, most from the colours furthest from
 * it ("more dark green" takes from the browns, not from the other greens).
 */
/** Colours at least this far (CIEDE2000) from a growing colour give it their area. */
const FAR = 14;

export function setShare(r: Recipe, c: number, target: number): void {
  const hit = r.palette[c];
  const s = hit?.share ?? 0;
  if (!hit || s <= 0 || s >= 1) return;
  const t = Math.max(0.005, Math.min(0.95, target));
  const delta = t - s;
  // A removed colour's layers (LayerSpec.fill) keep their regions: they are nobody's to move.
  const own = r.layers.filter((l, k) => k > 0 && l.colour === c && !l.fill);
  const ownShare = own.reduce((a, l) => a + l.share, 0);
  if (ownShare > 0 && ownShare + delta > 0.002) {
    const k = (ownShare + delta) / ownShare;
    for (const l of own) {
      l.share *= k;
      delete l.threshold;
    }
    if (delta > 0) {
      // The area comes from the colours unlike c: their layers shrink in place by as much, the
      // colours like it keep theirs ("more dark green" does not eat the other greens).
      const far = r.layers.filter((l, j) => {
        const p = r.palette[l.colour];
        return (
          j > 0 &&
          !l.fill &&
          l.colour !== c &&
          l.share > 0 &&
          p !== undefined &&
          ciede2000(p.lab, hit.lab) >= FAR
        );
      });
      const total = far.reduce((a, l) => a + l.share, 0);
      if (total > 0)
        for (const l of far) {
          l.share = Math.max(l.share * 0.2, l.share - (delta * l.share) / total);
          delete l.threshold;
        }
    }
  } else {
    // Only the ground has this colour (or its layers would vanish): the others make room.
    const others = r.layers.filter((l, k) => k > 0 && !l.fill && l.colour !== c && l.share > 0);
    const dist = (l: LayerSpec): number => {
      const p = r.palette[l.colour];
      return p ? Math.max(1, ciede2000(p.lab, hit.lab)) : 1;
    };
    const weight = (l: LayerSpec): number => (delta > 0 ? l.share * dist(l) : l.share);
    const total = others.reduce((a, l) => a + weight(l), 0) || 1;
    for (const l of others) {
      l.share = Math.max(l.share * 0.2, l.share - (delta * weight(l)) / total);
      delete l.threshold;
    }
  }
  const rest = 1 - s;
  r.palette.forEach((p, i) => {
    if (i === c) p.share = t;
    else if (rest > 0) p.share *= (1 - t) / rest;
  });
}

/**
 * Removes colour c: its regions go to their spatial neighbours (LayerSpec.fill: each pixel takes
 * the colour of the region nearest across the edge), so every other pixel keeps its colour and no
 * shape moves. Its layers stay, marked, pointing at the nearest colour in CIEDE2000 (which gets
 * its share in the palette's figures; the render decides the split).
 */
export function removeColour(r: Recipe, c: number): void {
  const e = r.palette[c];
  if (!e) return;
  const { i: near } = nearestColour(r, e.lab, c);
  const n = r.palette[near];
  if (near < 0 || !n) return;
  // Specks of c inside another colour go (that colour shows); specks of another colour inside c
  // stay where they are (LayerSpec.fill on a confined layer), and so does every other pixel.
  r.layers = r.layers.filter((l, k) => !(k > 0 && l.colour === c && l.within !== undefined));
  for (const l of r.layers) if (l.colour === c || l.within === c) l.fill = true;
  n.share += e.share;
  e.share = 0;
  repoint(r, c, near);
  dropEntry(r, c);
}

/**
 * A line colour (no area of its own: outlines, contour lines, branches) goes: what was drawn in
 * it is drawn in colour `to` instead, and nothing else changes.
 */
export function dropLineColour(r: Recipe, c: number, to: number): void {
  if (c === to || !r.palette[c] || !r.palette[to]) return;
  repoint(r, c, to);
  dropEntry(r, c);
}

/**
 * Merges colour j into colour i (share-weighted mean colour): every region of j takes i's
 * index, nothing moves.
 */
export function mergeColours(r: Recipe, i: number, j: number): void {
  const a = r.palette[i];
  const b = r.palette[j];
  if (!a || !b) return;
  const s = a.share + b.share || 1e-9;
  const lab = {
    L: (a.lab.L * a.share + b.lab.L * b.share) / s,
    a: (a.lab.a * a.share + b.lab.a * b.share) / s,
    b: (a.lab.b * a.share + b.lab.b * b.share) / s,
  };
  r.palette[i] = entry(lab, a.share + b.share, 'photo');
  repoint(r, j, i);
  dropEntry(r, j);
}

/** The pair of colours with area whose merging costs least (the Ward-like cost of mergePalette). */
export function closestPair(r: Recipe): [number, number] | null {
  const cs = areaColours(r);
  let best: [number, number] | null = null;
  let bd = Infinity;
  for (const i of cs)
    for (const j of cs) {
      if (j <= i) continue;
      const a = r.palette[i];
      const b = r.palette[j];
      if (!a || !b) continue;
      const d = (ciede2000(a.lab, b.lab) * a.share * b.share) / (a.share + b.share);
      if (d < bd) {
        bd = d;
        best = [i, j];
      }
    }
  return best;
}

/** The largest coarse period any layer's field reaches (its octaves stop there). */
function maxPeriodOf(r: Recipe): number {
  let m = 1;
  for (const l of r.layers.slice(1)) m = Math.max(m, Math.max(l.periodX, l.periodY) << (l.octaves - 1));
  return m;
}

function newLayer(r: Recipe, colour: number, share: number, base: number, rand: () => number): LayerSpec {
  const sx = Math.sqrt(Math.max(0.4, Math.min(2.5, r.shape.stretch)));
  const px = Math.max(1, Math.round((base / r.shape.scale) * sx));
  const py = Math.max(1, Math.round(base / r.shape.scale / sx));
  const maxPeriod = maxPeriodOf(r);
  let octaves = 0;
  while (Math.max(px, py) << octaves <= maxPeriod) octaves++;
  return {
    colour,
    share,
    periodX: px,
    periodY: py,
    octaves: Math.max(1, octaves),
    persistence: r.layers[1]?.persistence ?? 0.6,
    seed: Math.floor(rand() * 1e9),
    shards: !!r.toggles.geometricShapes,
  };
}

/**
 * Adds a colour as a new top layer of its own field: it takes `share` of the tile, from every
 * colour in proportion (so the other layers' thresholds stay where they were). A palette of seven
 * colours first merges its two closest.
 */
export function addColour(r: Recipe, lab: Lab, share: number, rand: () => number): PaletteEntry {
  if (areaColours(r).length >= 7) {
    const pair = closestPair(r);
    if (pair) mergeColours(r, pair[0], pair[1]);
  }
  for (const l of r.layers.slice(1)) l.share *= 1 - share;
  for (const p of r.palette) p.share *= 1 - share;
  const e = entry(lab, share, 'photo');
  r.palette.push(e);
  r.layers.push(newLayer(r, r.palette.length - 1, share, 7, rand));
  return e;
}

/**
 * One more colour: a lighter and a darker tone of the largest colour, the darker one a confined
 * layer of a new field inside the largest colour's area (at most 8 % of the tile).
 */
export function splitLargest(r: Recipe, rand: () => number): PaletteEntry | null {
  const cs = areaColours(r);
  const big = cs.reduce(
    (a, b) => ((r.palette[b]?.share ?? 0) > (r.palette[a]?.share ?? 0) ? b : a),
    cs[0] ?? 0,
  );
  const e = r.palette[big];
  if (!e) return null;
  const share = Math.min(0.08, e.share / 2);
  r.palette[big] = entry({ ...e.lab, L: e.lab.L + 6 }, e.share - share, e.role);
  const dark = entry({ ...e.lab, L: e.lab.L - 6 }, share, 'photo');
  r.palette.push(dark);
  const layer = newLayer(r, r.palette.length - 1, share, 9, rand);
  layer.within = big;
  layer.shards = false;
  r.layers.push(layer);
  return dark;
}
