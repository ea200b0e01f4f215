/**
 * The layer fields of a recipe as functions of torus coordinates: periodic fractal noise
 * (./noise.ts), domain-warped, or constant on the Voronoi cells of a shard layer, sampled on a
 * grid whose side a render's size sets; and the fields computed apart (layerGrids, on another
 * thread, and what each layer costs: layerCosts).
 */
import { hash4 } from '../metrics/prng.js';
import type { Recipe } from '../recipe/recipe-types.js';
import { PeriodicFbm } from './noise.js';

/** Field grids are sampled at this many points per tile side when computing thresholds. */
export const REFERENCE_GRID = 256;

/** Cache of warped grid positions, keyed by the warp spec and grid resolution. */
export interface RenderReuse {
  warped?: { key: string; wu: Float64Array; wv: Float64Array };
}

/** The layer fields of a recipe as functions of torus coordinates. */
export class LayerFields {
  readonly fbms: (PeriodicFbm | null)[];
  private readonly warpX: PeriodicFbm;
  private readonly warpY: PeriodicFbm;
  private readonly warpAmount: number;
  private readonly warpKey: string;
  private readonly shardSites: number;
  private readonly siteU: Float64Array;
  private readonly siteV: Float64Array;

  constructor(recipe: Recipe) {
    this.fbms = recipe.layers.map((l, k) =>
      k === 0
        ? null
        : new PeriodicFbm(
            {
              periodX: l.periodX,
              periodY: l.periodY,
              octaves: l.octaves,
              persistence: l.persistence,
              seed: l.seed,
            },
            recipe.style === 'digital' ? (recipe.cells >= 256 ? 128 : 64) : 256,
          ),
    );
    const w = recipe.warp;
    this.warpX = new PeriodicFbm({
      periodX: w.period,
      periodY: w.period,
      octaves: 4,
      persistence: 0.5,
      seed: w.seed,
    });
    this.warpY = new PeriodicFbm({
      periodX: w.period,
      periodY: w.period,
      octaves: 4,
      persistence: 0.5,
      seed: w.seed + 17,
    });
    this.warpAmount = w.amount;
    this.warpKey = JSON.stringify(w);
    this.shardSites = recipe.shardSites;
    // Voronoi sites, one jittered point per cell of a g x g grid on the torus, listed for cells
    // -1..g on each axis (a point's neighbours may lie across the wrap) as torus coordinates.
    const g = this.shardSites;
    const e = g + 2;
    const siteSeed = recipe.seed ^ 0x5a5a;
    this.siteU = new Float64Array(e * e);
    this.siteV = new Float64Array(e * e);
    for (let cy = -1; cy <= g; cy++)
      for (let cx = -1; cx <= g; cx++) {
        const wx = ((cx % g) + g) % g;
        const wy = ((cy % g) + g) % g;
        const h1 = hash4(wx, wy, siteSeed, 1) / 4294967296;
        const h2 = hash4(wx, wy, siteSeed, 2) / 4294967296;
        this.siteU[(cy + 1) * e + cx + 1] = (cx + 0.1 + 0.8 * h1) / g;
        this.siteV[(cy + 1) * e + cx + 1] = (cy + 0.1 + 0.8 * h2) / g;
      }
  }

  /**
   * Jittered-grid Voronoi on the torus: the site nearest to (u, v), 0 <= u, v < 1, as an index
   * into siteU / siteV.
   */
  site(u: number, v: number): number {
    const g = this.shardSites;
    const e = g + 2;
    const gx = Math.floor(u * g);
    const gy = Math.floor(v * g);
    let best = Infinity;
    let bestSite = 0;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const c = (gy + dy + 1) * e + gx + dx + 1;
        const su = this.siteU[c] ?? 0;
        const sv = this.siteV[c] ?? 0;
        const d = (su - u) * (su - u) + (sv - v) * (sv - v);
        if (d < best) {
          best = d;
          bestSite = c;
        }
      }
    }
    return bestSite;
  }

  /** Domain-warped positions of the res x res grid points (i/res, j/res), reused when they fit. */
  private warped(res: number, reuse?: RenderReuse): { wu: Float64Array; wv: Float64Array } {
    const key = `${this.warpKey}@${res}`;
    if (reuse?.warped?.key === key) return reuse.warped;
    const us = new Float64Array(res * res);
    const vs = new Float64Array(res * res);
    for (let j = 0; j < res; j++)
      for (let i = 0; i < res; i++) {
        us[j * res + i] = i / res;
        vs[j * res + i] = j / res;
      }
    // The warp noise on the grid (see PeriodicFbm.sumGrid), then the positions moved by it in place.
    const wu = this.warpX.sumGrid(us, vs, res);
    const wv = this.warpY.sumGrid(us, vs, res);
    const amt = this.warpAmount;
    for (let p = 0; p < wu.length; p++) {
      wu[p] = (us[p] ?? 0) + amt * (wu[p] ?? 0);
      wv[p] = (vs[p] ?? 0) + amt * (wv[p] ?? 0);
    }
    if (reuse) reuse.warped = { key, wu, wv };
    return { wu, wv };
  }

  /**
   * Fills one grid per layer (index 0 stays empty) with res x res samples at (i/res, j/res).
   * A layer with a grid in `given` takes it; `only` limits the layers computed here to those
   * listed, the others staying empty.
   */
  grids(
    res: number,
    recipe: Recipe,
    reuse?: RenderReuse,
    given?: readonly Float32Array[],
    only?: readonly number[],
  ): Float32Array[] {
    const out = this.fbms.map((f, k) => {
      const g = given?.[k];
      if (g && g.length > 0) {
        if (g.length !== res * res)
          throw new RangeError(`layer ${k}: a grid of ${g.length} for ${res} x ${res}`);
        return g;
      }
      return f && (!only || only.includes(k)) ? new Float32Array(res * res) : new Float32Array(0);
    });
    const todo = (k: number): boolean => !(given?.[k]?.length ?? 0) && (out[k]?.length ?? 0) > 0;
    const smooth = this.fbms.some((f, k) => f && !recipe.layers[k]?.shards && todo(k));
    const { wu, wv } = smooth ? this.warped(res, reuse) : { wu: EMPTY64, wv: EMPTY64 };
    const shards = recipe.layers.some((l, k) => k >= 1 && l.shards && todo(k));
    for (let k = 1; k < this.fbms.length; k++) {
      const f = this.fbms[k];
      const grid = out[k];
      if (!f || !grid || recipe.layers[k]?.shards || !todo(k)) continue;
      grid.set(f.sumGrid(wu, wv, res));
    }
    if (shards) {
      // A shard layer is constant on each Voronoi cell: its field at the cell's site, computed once.
      const nearest = new Int32Array(res * res);
      for (let j = 0; j < res; j++) {
        const v = j / res;
        for (let i = 0; i < res; i++) nearest[j * res + i] = this.site(i / res, v);
      }
      for (let k = 1; k < this.fbms.length; k++) {
        const f = this.fbms[k];
        const grid = out[k];
        if (!f || !grid || !recipe.layers[k]?.shards || !todo(k)) continue;
        const siteField = new Float64Array(this.siteU.length).fill(NaN);
        for (let p = 0; p < res * res; p++) {
          const c = nearest[p] ?? 0;
          let value = siteField[c] ?? NaN;
          if (Number.isNaN(value)) {
            value = f.at(this.siteU[c] ?? 0, this.siteV[c] ?? 0);
            siteField[c] = value;
          }
          grid[p] = value;
        }
      }
    }
    return out;
  }
}

export function subsample(g: Float32Array, res: number, to: number): Float32Array {
  if (g.length === 0) return g;
  const step = res / to;
  const out = new Float32Array(to * to);
  for (let j = 0; j < to; j++)
    for (let i = 0; i < to; i++) out[j * to + i] = g[j * step * res + i * step] ?? 0;
  return out;
}

const EMPTY64 = new Float64Array(0);

/** The side of the grid the layer fields are sampled on for a size x size render. */
export function fieldResolution(recipe: Recipe, size: number): number {
  return recipe.style === 'digital' ? REFERENCE_GRID : Math.max(REFERENCE_GRID, Math.min(1024, size >> 1));
}

/**
 * The fields of the listed layers of a recipe for a size x size render, for RenderOptions.grids
 * (the other entries are empty). `reuse` keeps the warped positions for the renders that follow.
 */
export function layerGrids(
  recipe: Recipe,
  size: number,
  layers: readonly number[],
  reuse?: RenderReuse,
): Float32Array[] {
  return new LayerFields(recipe).grids(fieldResolution(recipe, size), recipe, reuse, undefined, layers);
}

/** Per layer, the noise octaves its smooth field sums per grid point (0 without one). */
export function layerCosts(recipe: Recipe): number[] {
  return new LayerFields(recipe).fbms.map((f, k) => (f && !recipe.layers[k]?.shards ? f.octaves : 0));
}
