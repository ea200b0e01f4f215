/**
 * Edits made on a rendered recipe's own layers, so that an edit keeps the layout (issue 29): the
 * fields (periods, octaves, seeds), the warp and the cut stay; a colour edit recolours palette
 * entries or moves the thresholds of the same fields (a layer's share), a shape edit reweights
 * the octaves of the same fields, a new element is drawn over what is there. The colour edits
 * are in ./colour-ops.ts, the shape, style and toggle edits in ./shape-ops.ts; here what they
 * share: the copy an edit makes, its random source, the colours with area and the pinned
 * thresholds, and how a palette entry goes.
 */
import type { Lab } from '../color/lab.js';
import { ciede2000 } from '../metrics/ciede2000.js';
import { fnv1a64, mulberry32 } from '../metrics/prng.js';
import { entry } from '../recipe/palette.js';
import { layerCoverage } from '../render/layer-thresholds.js';
import type { PaletteEntry, Recipe } from '../recipe/recipe-types.js';

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

/** What a layer's field depends on (not its colour, share or threshold). */
export function fieldKey(l: Recipe['layers'][number]): string {
  return `${l.periodX},${l.periodY},${l.octaves},${l.persistence},${l.seed},${l.shards}`;
}

/** Deletes palette entry c after nothing refers to it; later indices move down by one. */
export function dropEntry(r: Recipe, c: number): void {
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
export function repoint(r: Recipe, from: number, to: number): void {
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
