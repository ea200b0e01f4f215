/**
 * Edits made on a rendered recipe's own layers, so that an edit keeps the layout (issue 29): the
 * fields (periods, octaves, seeds), the warp and the cut stay; a colour edit recolours palette
 * entries or moves the thresholds of the same fields (a layer's share), a shape edit reweights
 * the octaves of the same fields, a new element is drawn over what is there.
 */
import type { Lab } from '../color/lab.js';
import { ciede2000 } from '../metrics/ciede2000.js';
import { fnv1a64, mulberry32 } from '../metrics/prng.js';
import { entry, lineColourFor, overlaysFor } from '../recipe/build.js';
import { layerCoverage } from '../render/render.js';
import type { DesignStyle, LayerSpec, PaletteEntry, Recipe } from '../recipe/recipe-types.js';
import type { ToggleName } from '../types.js';

/** A deep copy to edit in place. */
export function copyRecipe(r: Recipe): Recipe {
  return structuredClone(r);
}

/** A deterministic random source for what an edit draws new (keyed on the recipe and the request). */
export function editRandom(recipe: Recipe, salt: string): () => number {
  return mulberry32(parseInt(fnv1a64(`${recipe.id}:${recipe.edits.length}:${salt}`).slice(0, 8), 16));
}

export function relabel(p: PaletteEntry, lab: Lab): PaletteEntry {
  return entry({ L: Math.max(2, Math.min(98, lab.L)), a: lab.a, b: lab.b }, p.share, p.role);
}

/** Every palette colour mapped through `f`; shares, layers and overlays untouched. */
export function recolour(r: Recipe, f: (lab: Lab, e: PaletteEntry) => Lab): void {
  r.palette = r.palette.map((p) => relabel(p, f(p.lab, p)));
}

/** Whether layer k is a fine detail layer (a second layer of a colour, or a confined speck). */
function isDetail(r: Recipe, k: number): boolean {
  const l = r.layers[k];
  if (!l || k === 0 || l.fill) return false;
  if (l.within !== undefined) return true;
  return r.layers.slice(0, k).some((m) => m.colour === l.colour);
}

/** The main layer of colour c: the ground, or its first own layer (not a detail layer). */
function mainLayer(r: Recipe, c: number): LayerSpec | undefined {
  return r.layers.find((l, k) => l.colour === c && !l.fill && !isDetail(r, k));
}

/** Colours with area (not a line colour of share 0). */
export function areaColours(r: Recipe): number[] {
  return r.palette.flatMap((p, i) => (p.share > 0 ? [i] : []));
}

/** The colour with area nearest to `lab` (CIEDE2000), other than `except`. */
export function nearestColour(r: Recipe, lab: Lab, except = -1): { i: number; d: number } {
  let i = -1;
  let d = Infinity;
  r.palette.forEach((p, j) => {
    if (j === except || p.share <= 0) return;
    const dd = ciede2000(p.lab, lab);
    if (dd < d) {
      d = dd;
      i = j;
    }
  });
  return { i, d };
}

/**
 * Fixes every layer's threshold where it is now (and its share to what it paints now), so that
 * a later change to one layer leaves the others' pixels as they were. Returns the field grids of
 * a DESIGN_SIZE render, for reuse while the fields do not change.
 */
export function pinThresholds(r: Recipe, size: number): Float32Array[] {
  const { thresholds, shares, grids } = layerCoverage(r, size);
  r.layers.forEach((l, k) => {
    if (k === 0) return;
    const t = thresholds[k];
    if (t !== undefined && Number.isFinite(t)) l.threshold = t;
    l.share = shares[k] ?? l.share;
  });
  return grids;
}

/** Thresholds back to the shares' quantiles (after the fields changed, a pinned value means nothing). */
export function unpinThresholds(r: Recipe): void {
  for (const l of r.layers) delete l.threshold;
}

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

/** Deletes palette entry c after nothing refers to it; later indices move down by one. */
function dropEntry(r: Recipe, c: number): void {
  const at = (i: number): number => (i > c ? i - 1 : i);
  r.palette.splice(c, 1);
  for (const l of r.layers) {
    l.colour = at(l.colour);
    if (l.within !== undefined) l.within = at(l.within);
  }
  const o = r.overlays;
  if (o.dots) o.dots.colour = at(o.dots.colour);
  if (o.snow) o.snow.colour = at(o.snow.colour);
  if (o.contours) o.contours.colour = at(o.contours.colour);
  if (o.outlines) o.outlines.colour = at(o.outlines.colour);
  if (o.objects) {
    o.objects.leafColours = o.objects.leafColours.map(at);
    o.objects.branchColour = at(o.objects.branchColour);
  }
}

/** Every reference to colour `from` (layers, confinement, overlays) moved to colour `to`. */
function repoint(r: Recipe, from: number, to: number): void {
  for (const l of r.layers) {
    if (l.colour === from) l.colour = to;
    if (l.within === from) l.within = to;
  }
  const o = r.overlays;
  if (o.dots?.colour === from) o.dots.colour = to;
  if (o.snow?.colour === from) o.snow.colour = to;
  if (o.contours?.colour === from) o.contours.colour = to;
  if (o.outlines?.colour === from) o.outlines.colour = to;
  if (o.objects) {
    const colours = o.objects.leafColours.map((i) => (i === from ? to : i));
    const unique = [...new Set(colours)];
    const weights = o.objects.leafWeights;
    if (weights)
      o.objects.leafWeights = unique.map((c) =>
        colours.reduce((a, x, k) => a + (x === c ? (weights[k] ?? 0) : 0), 0),
      );
    o.objects.leafColours = unique;
    if (o.objects.branchColour === from) o.objects.branchColour = to;
  }
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

/**
 * Reweights the octaves of every field: `tilt` < 1 gives the coarse octaves more weight (larger,
 * cleaner shapes where the large shapes already are), > 1 the fine ones. The lattices, and so
 * the positions of the largest shapes, stay.
 */
/** Above this the finest octaves outweigh the coarse ones and the large shapes break up. */
const MAX_PERSISTENCE = 1.15;

export function tiltOctaves(r: Recipe, tilt: number): void {
  unpinThresholds(r);
  r.layers.forEach((l, k) => {
    if (k > 0) l.persistence = Math.max(0.2, Math.min(MAX_PERSISTENCE, l.persistence * tilt));
  });
}

/**
 * Scales the fine detail layers' area by `k`; the area goes back to (or comes from) the main
 * layers it was taken from, so colour shares are unchanged.
 */
export function scaleDetail(r: Recipe, k: number, only?: (l: LayerSpec) => boolean): void {
  unpinThresholds(r);
  r.layers.forEach((l, idx) => {
    if (!isDetail(r, idx) || (only && !only(l))) return;
    const before = l.share;
    const after = Math.min(0.3, before * k);
    const d = after - before;
    l.share = after;
    const own = mainLayer(r, l.colour);
    if (l.within === undefined) {
      if (own && own !== r.layers[0]) own.share = Math.max(0.005, own.share - d);
    } else {
      // A confined speck of colour X inside W: X's main layer paid for it, W's was given it.
      if (own && own !== r.layers[0]) own.share = Math.max(0.005, own.share - d);
      const host = mainLayer(r, l.within);
      if (host && host !== r.layers[0]) host.share = Math.max(0.005, host.share + d);
    }
  });
}

const LINE_WIDTH = {
  organic: { contours: 0.0013, outlines: 0.0022 },
  digital: { contours: 0.0035, outlines: 0.0035 },
};

/** Overlays' line widths and dot sizes for a style (as buildRecipe sets them). */
function restyleOverlays(r: Recipe, style: DesignStyle): void {
  const o = r.overlays;
  if (o.contours) o.contours.halfWidth = LINE_WIDTH[style].contours;
  if (o.outlines) o.outlines.halfWidth = LINE_WIDTH[style].outlines;
  if (o.dots) {
    o.dots.count = style === 'digital' ? 1000 : 1400;
    o.dots.radius = style === 'digital' ? 0.0045 : 0.0032;
  }
}

/** The largest period the renderer evaluates for a recipe's style and cells (render.ts LayerFields). */
function periodCap(r: Recipe): number {
  return r.style === 'digital' ? (r.cells >= 256 ? 128 : 64) : 256;
}

/**
 * Fine detail layers whose lattice is finer than the recipe's cells can show (after a digital
 * design goes to larger cells) give their area back to the main layers they were taken from:
 * their specks were finer than a cell, which is what "calmer" takes away. Redrawing them on a
 * coarser lattice (fitPeriods) would put specks of the same area in new places, and on a design
 * whose colour is half detail (marsh B) that moved the colour's largest patch.
 */
export function dropDetailFinerThanCells(r: Recipe): void {
  const cap = periodCap(r);
  scaleDetail(r, 0, (l) => Math.max(l.periodX, l.periodY) > cap);
}

/**
 * Keeps every layer's lattice within the largest period the renderer evaluates for the recipe's
 * style and cells (src/render/render.ts LayerFields): a field whose coarsest octave lies beyond it
 * has no octave left and is a constant, which paints the whole tile in one colour (a detail layer
 * of period 72, made for 4-pixel cells, after "calmer" went to 8-pixel cells). Such a layer keeps
 * its seed and shrinks its periods in proportion.
 */
export function fitPeriods(r: Recipe): void {
  const cap = periodCap(r);
  for (const l of r.layers.slice(1)) {
    const m = Math.max(l.periodX, l.periodY);
    if (m <= cap) continue;
    unpinThresholds(r);
    l.periodX = Math.max(1, Math.floor((l.periodX * cap) / m));
    l.periodY = Math.max(1, Math.floor((l.periodY * cap) / m));
  }
}

/**
 * Switches style over the same fields: the organic style of a digital design is the same layout
 * drawn smoothly (with the finer octaves the organic style has), the digital one the same layout
 * in cells.
 */
export function switchStyle(r: Recipe, style: DesignStyle): void {
  unpinThresholds(r);
  r.style = style;
  if (style === 'digital') {
    r.cells = r.shape.hurst < 0.4 ? 256 : 128;
    delete r.grain;
  } else {
    const maxPeriod = r.shape.hurst > 0.8 ? 64 : r.shape.hurst > 0.5 ? 128 : 256;
    for (const l of r.layers.slice(1)) {
      let octaves = 0;
      while (Math.max(l.periodX, l.periodY) << octaves <= maxPeriod) octaves++;
      l.octaves = Math.max(l.octaves, octaves);
    }
  }
  fitPeriods(r);
  restyleOverlays(r, style);
}

/** Line colour of share 0 that no overlay uses any more: removed. */
function dropUnusedLineColour(r: Recipe): void {
  for (let c = r.palette.length - 1; c >= 0; c--) {
    const p = r.palette[c];
    if (!p || p.share > 0 || p.role !== 'shadow') continue;
    const o = r.overlays;
    const used =
      o.contours?.colour === c ||
      o.outlines?.colour === c ||
      o.dots?.colour === c ||
      o.objects?.branchColour === c ||
      o.objects?.leafColours.includes(c) ||
      r.layers.some((l) => l.colour === c);
    if (!used) dropEntry(r, c);
  }
}

/** Voronoi sites a side when an edit adds geometric shapes. */
const EDIT_SHARD_SITES = 14;

/** Blobs: calmer, larger shapes over the same fields (the blobs toggle's effect in buildRecipe). */
const BLOB_TILT = 0.7;
const BLOB_DETAIL = 0.25;

/**
 * Turns a toggle on or off over the existing layout: an overlay is drawn on top (or taken away),
 * geometric shapes read the same fields at Voronoi sites, blobs reweight the same fields.
 */
export function setToggle(r: Recipe, name: ToggleName, on: boolean, rand: () => number): void {
  r.toggles[name] = on;
  const o = r.overlays;
  switch (name) {
    case 'speckledDots':
    case 'organicObjects':
    case 'contourLines':
    case 'outlineStrokes': {
      if (!on) {
        if (name === 'speckledDots') delete o.dots;
        if (name === 'organicObjects') delete o.objects;
        if (name === 'contourLines') delete o.contours;
        if (name === 'outlineStrokes') delete o.outlines;
        dropUnusedLineColour(r);
        break;
      }
      const only = {
        ...r.toggles,
        speckledDots: false,
        organicObjects: false,
        contourLines: false,
        outlineStrokes: false,
        [name]: true,
      };
      const existing = o.contours?.colour ?? o.outlines?.colour;
      const lineColour = existing ?? lineColourFor(r.palette, only);
      const fresh = overlaysFor(r.palette, r.layers, only, r.style, lineColour, rand);
      if (name === 'speckledDots' && fresh.dots) o.dots = fresh.dots;
      if (name === 'organicObjects' && fresh.objects) o.objects = fresh.objects;
      if (name === 'contourLines' && fresh.contours) o.contours = fresh.contours;
      if (name === 'outlineStrokes' && fresh.outlines) o.outlines = fresh.outlines;
      break;
    }
    case 'geometricShapes':
      unpinThresholds(r);
      r.layers.forEach((l, k) => {
        if (k === 0 || isDetail(r, k)) return;
        l.shards = on || (r.shape.angular && k === 2);
      });
      // Finer shards than a generated geometric design's 7 a side: the shards then follow the
      // shapes that are there rather than redrawing them.
      r.shardSites = on ? EDIT_SHARD_SITES : 11;
      break;
    case 'blobs':
      tiltOctaves(r, on ? BLOB_TILT : 1 / BLOB_TILT);
      scaleDetail(r, on ? BLOB_DETAIL : 1 / BLOB_DETAIL);
      break;
    default:
      break;
  }
}
