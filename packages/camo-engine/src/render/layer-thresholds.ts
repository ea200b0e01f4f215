/**
 * Where each layer's field is cut: the thresholds that give each layer its share of the tile
 * (a quantile found by quickselect), each field's spread (a removed colour's fill measures in
 * it), and the shares a render paints with them (layerCoverage, which an edit pins).
 */
import type { Recipe } from '../recipe/recipe-types.js';
import { fieldResolution, LayerFields, REFERENCE_GRID, subsample } from './layer-fields.js';

/**
 * Thresholds that give each layer its share: painted from the top layer down, each threshold is
 * the quantile of its field over the points not yet covered by a higher layer. Confined layers
 * (LayerSpec.within) come after the main layers and draw only on points whose main colour is their
 * host colour.
 */
export function layerThresholds(
  recipe: Recipe,
  grids: Float32Array[],
  res: number,
  counts?: Float64Array,
): Float64Array {
  const n = res * res;
  const layers = recipe.layers;
  const owner = new Int16Array(n).fill(0);
  const covered = new Uint8Array(n);
  const t = new Float64Array(layers.length).fill(Infinity);
  /** Layer k covers its share of the points where eligible[i] is 1 (and sets covered, owner). */
  const cover = (k: number, eligible: Uint8Array): void => {
    const grid = grids[k];
    const pinned = layers[k]?.threshold;
    const want = Math.round((layers[k]?.share ?? 0) * n);
    if (!grid || grid.length === 0 || (pinned === undefined && want <= 0)) return;
    let thr = pinned ?? Infinity;
    if (pinned === undefined) {
      let free = 0;
      for (let i = 0; i < n; i++) free += eligible[i] ?? 0;
      if (free <= 0) return;
      const vals = new Float32Array(free);
      let m = 0;
      for (let i = 0; i < n; i++) if (eligible[i]) vals[m++] = grid[i] ?? 0;
      thr = nthSmallest(vals, Math.max(0, Math.min(free - 1, free - want)));
    }
    t[k] = thr;
    let got = 0;
    for (let i = 0; i < n; i++)
      if (eligible[i] && (grid[i] ?? 0) >= thr) {
        covered[i] = 1;
        owner[i] = k;
        got++;
      }
    if (counts) counts[k] = got / n;
  };
  const eligible = new Uint8Array(n);
  for (let k = layers.length - 1; k >= 1; k--) {
    if (layers[k]?.within !== undefined) continue;
    for (let i = 0; i < n; i++) eligible[i] = covered[i] ? 0 : 1;
    cover(k, eligible);
  }
  const hostOf = Int16Array.from(owner, (k) => layers[k]?.colour ?? 0);
  covered.fill(0);
  for (let k = layers.length - 1; k >= 1; k--) {
    const within = layers[k]?.within;
    if (within === undefined) continue;
    for (let i = 0; i < n; i++) eligible[i] = !covered[i] && hostOf[i] === within ? 1 : 0;
    cover(k, eligible);
  }
  return t;
}

/**
 * The value that would sit at position k if vals were sorted ascending (Hoare's quickselect with a
 * median-of-three pivot); reorders vals. Much cheaper than a full sort for one quantile.
 */
export function nthSmallest(vals: Float32Array, k: number): number {
  let lo = 0;
  let hi = vals.length - 1;
  while (hi > lo) {
    const mid = (lo + hi) >> 1;
    const a = vals[lo] ?? 0;
    const b = vals[mid] ?? 0;
    const c = vals[hi] ?? 0;
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((vals[i] ?? 0) < pivot) i++;
      while ((vals[j] ?? 0) > pivot) j--;
      if (i <= j) {
        const t = vals[i] ?? 0;
        vals[i] = vals[j] ?? 0;
        vals[j] = t;
        i++;
        j--;
      }
    }
    // Now vals[lo..j] <= pivot <= vals[i..hi], and everything between j and i equals the pivot.
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return vals[k] ?? 0;
  }
  return vals[k] ?? 0;
}

/** Each grid's standard deviation, on the reference grid (so it does not depend on the render's size). */
export function fieldSpreads(grids: Float32Array[]): Float64Array {
  const out = new Float64Array(grids.length);
  grids.forEach((g, k) => {
    if (g.length === 0) return;
    let s = 0;
    let s2 = 0;
    for (const v of g) {
      s += v;
      s2 += v * v;
    }
    const m = s / g.length;
    out[k] = Math.sqrt(Math.max(1e-12, s2 / g.length - m * m));
  });
  return out;
}

/**
 * Each layer's threshold and the share of the tile it paints (layer 0: the rest), exactly as a
 * size x size render sets them, and the field grids (for RenderOptions.grids of a render of a
 * recipe with the same fields).
 */
export function layerCoverage(
  recipe: Recipe,
  size: number,
): { thresholds: Float64Array; shares: Float64Array; grids: Float32Array[] } {
  const res = fieldResolution(recipe, size);
  const grids = new LayerFields(recipe).grids(res, recipe);
  const refGrids = res === REFERENCE_GRID ? grids : grids.map((g) => subsample(g, res, REFERENCE_GRID));
  const shares = new Float64Array(recipe.layers.length);
  const thresholds = layerThresholds(recipe, refGrids, REFERENCE_GRID, shares);
  shares[0] = Math.max(0, 1 - shares.slice(1).reduce((a, b) => a + b, 0));
  return { thresholds, shares, grids };
}
