/**
 * The shape, style and toggle edits over the same fields: the octaves reweighted, the fine
 * detail scaled, lattices kept within what the cells can show, the style switched, and a toggle
 * turned on or off over the existing layout.
 */
import { overlaysFor } from '../recipe/build.js';
import { lineColourFor } from '../recipe/palette.js';
import type { DesignStyle, LayerSpec, Recipe } from '../recipe/recipe-types.js';
import type { ToggleName } from '../types.js';
import { dropEntry, unpinThresholds } from './recipe-ops.js';

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

/**
 * The largest period the renderer evaluates for a recipe's style and cells
 * (render/layer-fields.ts LayerFields).
 */
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
 * style and cells (src/render/layer-fields.ts LayerFields): a field whose coarsest octave lies beyond it
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
