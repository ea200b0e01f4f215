import { hexToRgb } from '../color/lab.js';
import { hash4 } from '../metrics/prng.js';
import type { Recipe } from '../recipe/recipe-types.js';
import { PeriodicFbm } from './noise.js';
import { ShapeField } from './shapes.js';

/** Field grids are sampled at this many points per tile side when computing thresholds. */
const REFERENCE_GRID = 256;
/** The digital style's 'pixels' live on a 1024-unit micro grid; see digitalCells below. */
const MICRO = 1024;

export interface RenderedTile {
  size: number;
  /** Palette index per pixel, row-major. */
  index: Uint8Array;
  palette: [number, number, number][];
}

export interface RenderOptions {
  /** Pixel offset of the tile origin; rendering at (size/2, size/2) equals the tile rolled by half. */
  originX?: number;
  originY?: number;
  /**
   * Warped sample positions kept between renders of recipes that share a warp (the G4 feedback
   * re-renders one design at other shape scales; the warp does not change). Create one per design;
   * the render fills it and reuses what fits.
   */
  reuse?: RenderReuse;
  /**
   * Layer fields already computed by layerGrids() for this recipe and size (another thread can
   * compute some while this one computes the rest); an empty entry is computed here.
   */
  grids?: readonly Float32Array[];
  /**
   * The side of the grid the layer fields are sampled on, in place of the one the size sets (at
   * least 256): a coarser grid makes a cheap preview, as generate() uses to compare candidate
   * recipes. Its fine detail and thresholds differ slightly, so a design is never drawn this way.
   */
  fieldGrid?: number;
}

/** Cache of warped grid positions, keyed by the warp spec and grid resolution. */
export interface RenderReuse {
  warped?: { key: string; wu: Float64Array; wv: Float64Array };
}

/** The layer fields of a recipe as functions of torus coordinates. */
class LayerFields {
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

/**
 * Thresholds that give each layer its share: painted from the top layer down, each threshold is
 * the quantile of its field over the points not yet covered by a higher layer. Confined layers
 * (LayerSpec.within) come after the main layers and draw only on points whose main colour is their
 * host colour.
 */
function layerThresholds(
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

function subsample(g: Float32Array, res: number, to: number): Float32Array {
  if (g.length === 0) return g;
  const step = res / to;
  const out = new Float32Array(to * to);
  for (let j = 0; j < to; j++)
    for (let i = 0; i < to; i++) out[j * to + i] = g[j * step * res + i * step] ?? 0;
  return out;
}

/** A grid's bilinear value between the rows at offsets r0 and r1 and columns i0 and i1, at weights tx, ty. */
function bilinear(
  g: Float32Array,
  r0: number,
  r1: number,
  i0: number,
  i1: number,
  tx: number,
  ty: number,
): number {
  const a = g[r0 + i0] ?? 0;
  const b = g[r0 + i1] ?? 0;
  const c = g[r1 + i0] ?? 0;
  const d = g[r1 + i1] ?? 0;
  const top = a + (b - a) * tx;
  const bot = c + (d - c) * tx;
  return top + (bot - top) * ty;
}

/** Per-pixel sampler for the bilinear field grids, reused for every pixel of a row. */
class GridSampler {
  i0 = 0;
  i1 = 0;
  j0 = 0;
  j1 = 0;
  tx = 0;
  ty = 0;
  constructor(readonly res: number) {}
  set(u: number, v: number): void {
    this.setU(u);
    this.setV(v);
  }
  setU(u: number): void {
    const x = u * this.res;
    const fx = Math.floor(x);
    this.tx = x - fx;
    this.i0 = ((fx % this.res) + this.res) % this.res;
    this.i1 = this.i0 + 1 === this.res ? 0 : this.i0 + 1;
  }
  setV(v: number): void {
    const y = v * this.res;
    const fy = Math.floor(y);
    this.ty = y - fy;
    this.j0 = ((fy % this.res) + this.res) % this.res;
    this.j1 = this.j0 + 1 === this.res ? 0 : this.j0 + 1;
  }
  value(g: Float32Array): number {
    const r = this.res;
    return bilinear(g, this.j0 * r, this.j1 * r, this.i0, this.i1, this.tx, this.ty);
  }
  /** The last gradient() along x and y, in field units per tile width. */
  gx = 0;
  gy = 0;
  /** Gradient magnitude in field units per tile width (its components are left in gx, gy). */
  gradient(g: Float32Array): number {
    const r = this.res;
    const a = g[this.j0 * r + this.i0] ?? 0;
    const b = g[this.j0 * r + this.i1] ?? 0;
    const c = g[this.j1 * r + this.i0] ?? 0;
    const d = g[this.j1 * r + this.i1] ?? 0;
    this.gx = ((b - a) * (1 - this.ty) + (d - c) * this.ty) * r;
    this.gy = ((c - a) * (1 - this.tx) + (d - b) * this.tx) * r;
    return Math.sqrt(this.gx * this.gx + this.gy * this.gy);
  }
}

/** Decides the palette index at one point from the layer fields and overlays. */
class PointPainter {
  private readonly contourLevels: number[] = [];
  private readonly shapes: ShapeField;
  /** Main layers that have a field, top first: their grids, thresholds and layer indices. */
  private readonly mainGrids: Float32Array[] = [];
  private readonly mainThresholds: number[] = [];
  private readonly mainLayers: number[] = [];
  /** Per host colour (palette index), the confined layers (LayerSpec.within) on it, top first. */
  private readonly confinedByHost: (number[] | undefined)[] = [];
  private readonly hasLines: boolean;
  /** Whether some layer's colour was removed (LayerSpec.fill), and which main layers. */
  private readonly hasFill: boolean;
  private readonly mainFill: boolean[] = [];
  /** Per main layer, 1 over its field's spread (LayerSpec.fill distances are in spreads). */
  private readonly mainInvScale: number[] = [];
  private readonly groundFill: boolean;
  /** Per layer, 1 for a main layer (or the ground) of a removed colour. */
  private readonly fillOf: Uint8Array;
  /** Confined layers that draw inside a removed colour's region, top first. */
  private readonly confinedInFill: number[] = [];
  /** Each layer's palette index. */
  private readonly colourOf: Int32Array;
  /** A second sampler, for looking across a shape without moving the main one. */
  private readonly probe: GridSampler;
  constructor(
    private readonly recipe: Recipe,
    private readonly grids: Float32Array[],
    private readonly thresholds: Float64Array,
    private readonly sampler: GridSampler,
    private readonly lineScale: number,
    /** Per layer, its field's standard deviation (for LayerSpec.fill); absent without fill layers. */
    private readonly fillScales?: Float64Array,
  ) {
    const c = recipe.overlays.contours;
    const g = grids[1];
    if (c && g && g.length > 0) {
      const sorted = Float32Array.from(g).sort();
      for (let q = 1; q <= c.levels; q++) {
        this.contourLevels.push(sorted[Math.floor((q / (c.levels + 1)) * (sorted.length - 1))] ?? 0);
      }
    }
    this.shapes = new ShapeField(recipe.overlays);
    this.probe = new GridSampler(sampler.res);
    this.colourOf = Int32Array.from(recipe.layers, (l) => l.colour);
    this.hasLines =
      !!recipe.overlays.outlines || (!!recipe.overlays.contours && this.contourLevels.length > 0);
    const layers = recipe.layers;
    this.hasFill = !!fillScales && layers.some((l) => l.fill);
    this.groundFill = !!layers[0]?.fill;
    this.fillOf = Uint8Array.from(layers, (l) => (l.fill && l.within === undefined ? 1 : 0));
    for (let k = layers.length - 1; k >= 1; k--) {
      const grid = grids[k];
      const within = layers[k]?.within;
      if (!grid || grid.length === 0) continue;
      if (within === undefined) {
        this.mainGrids.push(grid);
        this.mainThresholds.push(thresholds[k] ?? Infinity);
        this.mainLayers.push(k);
        this.mainFill.push(!!layers[k]?.fill);
        this.mainInvScale.push(1 / Math.max(1e-9, fillScales?.[k] ?? 1));
      } else if (layers[k]?.fill) this.confinedInFill.push(k);
      else {
        const list = this.confinedByHost[within] ?? [];
        list.push(k);
        this.confinedByHost[within] = list;
      }
    }
  }

  paint(u: number, v: number): number {
    this.sampler.set(u, v);
    return this.paintAtSampler(u, v);
  }

  /**
   * Paints one row at v, given each column's u and sampler cell and weight along x. Without
   * lines or shape overlays (the default) the layer search is inlined: the same arithmetic as
   * GridSampler.value, without the per-pixel calls.
   */
  paintRow(
    v: number,
    cols: { us: Float64Array; i0s: Int32Array; i1s: Int32Array; txs: Float64Array },
    out: Uint8Array,
  ): void {
    const sampler = this.sampler;
    sampler.setV(v);
    if (this.hasLines || !this.shapes.empty) {
      for (let x = 0; x < out.length; x++) {
        sampler.i0 = cols.i0s[x] ?? 0;
        sampler.i1 = cols.i1s[x] ?? 0;
        sampler.tx = cols.txs[x] ?? 0;
        out[x] = this.paintAtSampler(cols.us[x] ?? 0, v);
      }
      return;
    }
    const res = sampler.res;
    const r0 = sampler.j0 * res;
    const r1 = sampler.j1 * res;
    const ty = sampler.ty;
    const { mainGrids, mainThresholds, mainLayers, confinedByHost, grids, thresholds } = this;
    const colourOf = this.colourOf;
    const mains = mainGrids.length;
    const hasFill = this.hasFill;
    const fillOf = this.fillOf;
    const { i0s, i1s, txs } = cols;
    // The layer search with no closure per row (bilinear is a plain function, which the compiler
    // inlines): it runs for each of a million pixels and several layers each.
    for (let x = 0; x < out.length; x++) {
      const i0 = i0s[x] ?? 0;
      const i1 = i1s[x] ?? 0;
      const tx = txs[x] ?? 0;
      let layer = 0;
      let hit = mains;
      for (let m = 0; m < mains; m++) {
        if (bilinear(mainGrids[m] ?? EMPTY, r0, r1, i0, i1, tx, ty) >= (mainThresholds[m] ?? Infinity)) {
          layer = mainLayers[m] ?? 0;
          hit = m;
          break;
        }
      }
      if (hasFill && fillOf[layer]) {
        // A removed colour's region (LayerSpec.fill): the slower search, for these pixels only.
        sampler.i0 = i0;
        sampler.i1 = i1;
        sampler.tx = tx;
        layer = this.fillLayer(hit);
        const host = this.lastSpeck ? undefined : confinedByHost[colourOf[layer] ?? 0];
        if (host)
          for (const k of host)
            if (bilinear(grids[k] ?? EMPTY, r0, r1, i0, i1, tx, ty) >= (thresholds[k] ?? Infinity)) {
              layer = k;
              break;
            }
        out[x] = colourOf[layer] ?? 0;
        continue;
      }
      const confined = confinedByHost[colourOf[layer] ?? 0];
      if (confined) {
        for (const k of confined) {
          if (bilinear(grids[k] ?? EMPTY, r0, r1, i0, i1, tx, ty) >= (thresholds[k] ?? Infinity)) {
            layer = k;
            break;
          }
        }
      }
      out[x] = colourOf[layer] ?? 0;
    }
  }

  /** Whether the last fillLayer() found a confined speck (and not a neighbour). */
  private lastSpeck = false;

  /**
   * The layer that shows at the sampler's point, which lies in a removed colour's region whose top
   * layer is main layer `hit`: a speck confined to that region, or else the nearest neighbour.
   */
  private fillLayer(hit: number): number {
    const { sampler, grids, thresholds } = this;
    for (const k of this.confinedInFill) {
      if (sampler.value(grids[k] ?? EMPTY) >= (thresholds[k] ?? Infinity)) {
        this.lastSpeck = true;
        return k;
      }
    }
    this.lastSpeck = false;
    return this.neighbourLayer(hit);
  }

  /**
   * The layer whose region lies nearest to the current point, which lies in a removed colour's
   * region (LayerSpec.fill) whose top layer is main layer `hit` (mainGrids.length: the ground).
   * Nearness is a field's gap to its threshold in units of the field's spread: for each layer
   * above, how far its field is from reaching its threshold; for what lies beneath (the next layer
   * down that shows here, or the ground), how far the removed layers' fields are from dropping
   * below theirs. Gaps over the mean gradient (a distance in tile widths) were tried first: fine
   * fields have steep gradients, so a colour of small specks took a fifth of a removed colour's
   * area (ash grey, 1 % of the forest design, took 19 % of the black) and its specks swelled;
   * in spreads it took 6 %, about its share among the neighbours.
   */
  private neighbourLayer(hit: number): number {
    const { sampler, mainGrids, mainThresholds, mainLayers, mainFill, mainInvScale } = this;
    const res = sampler.res;
    const r0 = sampler.j0 * res;
    const r1 = sampler.j1 * res;
    const { i0, i1, tx, ty } = sampler;
    const mains = mainGrids.length;
    let depth =
      hit < mains
        ? (bilinear(mainGrids[hit] ?? EMPTY, r0, r1, i0, i1, tx, ty) - (mainThresholds[hit] ?? 0)) *
          (mainInvScale[hit] ?? 1)
        : Infinity;
    let below = this.groundFill ? -1 : 0;
    for (let m = hit + 1; m < mains; m++) {
      const f = bilinear(mainGrids[m] ?? EMPTY, r0, r1, i0, i1, tx, ty);
      const t = mainThresholds[m] ?? Infinity;
      if (f < t) continue;
      if (mainFill[m]) depth = Math.max(depth, (f - t) * (mainInvScale[m] ?? 1));
      else {
        below = mainLayers[m] ?? 0;
        break;
      }
    }
    let best = below >= 0 ? -depth : -Infinity;
    let bestLayer = Math.max(0, below);
    for (let m = 0; m < hit; m++) {
      if (mainFill[m]) continue;
      const g =
        (bilinear(mainGrids[m] ?? EMPTY, r0, r1, i0, i1, tx, ty) - (mainThresholds[m] ?? Infinity)) *
        (mainInvScale[m] ?? 1);
      if (g > best) {
        best = g;
        bestLayer = mainLayers[m] ?? 0;
      }
    }
    return bestLayer;
  }

  /** paint() for a sampler already set to (u, v). */
  paintAtSampler(u: number, v: number): number {
    const { recipe, grids, thresholds, sampler } = this;
    const layers = recipe.layers;
    let layer = 0;
    let fieldAtLayer = 0;
    const mainGrids = this.mainGrids;
    const mainThresholds = this.mainThresholds;
    let hit = mainGrids.length;
    for (let m = 0; m < mainGrids.length; m++) {
      const f = sampler.value(mainGrids[m] ?? EMPTY);
      if (f >= (mainThresholds[m] ?? Infinity)) {
        layer = this.mainLayers[m] ?? 0;
        fieldAtLayer = f;
        hit = m;
        break;
      }
    }
    let filled = false;
    let speck = false;
    if (this.hasFill && layers[layer]?.fill) {
      layer = this.fillLayer(hit);
      speck = this.lastSpeck;
      filled = !speck;
    }
    const confined = speck ? undefined : this.confinedByHost[layers[layer]?.colour ?? 0];
    if (confined) {
      for (const k of confined) {
        const f = sampler.value(grids[k] ?? EMPTY);
        if (f >= (thresholds[k] ?? Infinity)) {
          layer = k;
          fieldAtLayer = f;
          break;
        }
      }
    }
    let colour = layers[layer]?.colour ?? 0;
    if (!this.hasLines && this.shapes.empty) return colour;
    const ov = recipe.overlays;
    if (ov.outlines && layer >= 1 && !filled) {
      const g = grids[layer];
      const threshold = thresholds[layer] ?? 0;
      if (g) {
        const grad = sampler.gradient(g);
        const width = ov.outlines.halfWidth * this.lineScale;
        // Within a line's width of the shape's edge (distance estimated as field over gradient).
        // A sliver narrower than two widths would fill with the line colour, a dark blob and not a
        // stroke: two widths further in (up the gradient) the shape must still go on.
        if (grad > 0 && fieldAtLayer - threshold < width * grad) {
          const step = (2 * width) / grad;
          const probe = this.probe;
          probe.set(u + sampler.gx * step, v + sampler.gy * step);
          if (probe.value(g) >= threshold) colour = ov.outlines.colour;
        }
      }
    }
    if (ov.contours && this.contourLevels.length > 0) {
      const g = grids[1];
      if (g) {
        const f = sampler.value(g);
        const grad = sampler.gradient(g);
        const hw = ov.contours.halfWidth * this.lineScale * grad;
        for (const level of this.contourLevels) {
          if (Math.abs(f - level) < hw) {
            colour = ov.contours.colour;
            break;
          }
        }
      }
    }
    if (!this.shapes.empty) {
      const s = this.shapes.colourAt(u, v);
      if (s >= 0) colour = s;
    }
    return colour;
  }
}

const EMPTY = new Float32Array(0);
const EMPTY64 = new Float64Array(0);

export function paletteRgb(recipe: Recipe): [number, number, number][] {
  return recipe.palette.map((p) => hexToRgb(p.hex));
}

/** Each grid's standard deviation, on the reference grid (so it does not depend on the render's size). */
function fieldSpreads(grids: Float32Array[]): Float64Array {
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

/** The side of the grid the layer fields are sampled on for a size x size render. */
function fieldResolution(recipe: Recipe, size: number): number {
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

/** Per layer, the noise octaves its smooth field sums per grid point (0 without one). */
export function layerCosts(recipe: Recipe): number[] {
  return new LayerFields(recipe).fbms.map((f, k) => (f && !recipe.layers[k]?.shards ? f.octaves : 0));
}

/**
 * Renders a recipe as a size x size tile of palette indices. Everything is a function of torus
 * coordinates, so the tile wraps seamlessly and the same recipe looks the same at any size.
 */
export function renderIndices(recipe: Recipe, size: number, opts: RenderOptions = {}): RenderedTile {
  if (!Number.isInteger(size) || size < 16 || size > 8192)
    throw new RangeError(`size must be an integer in 16..8192, got ${size}`);
  const fields = new LayerFields(recipe);
  const res = opts.fieldGrid ?? fieldResolution(recipe, size);
  const grids = fields.grids(res, recipe, opts.reuse, opts.grids);
  // The reference grid is every (res/256)-th point of the render grid: the same samples, no recompute.
  // A preview's coarser grid is its own reference.
  const refRes = Math.min(res, REFERENCE_GRID);
  const refGrids = res === refRes ? grids : grids.map((g) => subsample(g, res, refRes));
  const thresholds = layerThresholds(recipe, refGrids, refRes);
  const fillScales = recipe.layers.some((l) => l.fill) ? fieldSpreads(refGrids) : undefined;
  const ox = Math.round(recipe.origin.x * size) + (opts.originX ?? 0);
  const oy = Math.round(recipe.origin.y * size) + (opts.originY ?? 0);
  const index = new Uint8Array(size * size);
  const wrap = (p: number): number => ((p % size) + size) % size;

  if (recipe.style === 'digital') {
    const painter = new PointPainter(recipe, refGrids, thresholds, new GridSampler(refRes), 1, fillScales);
    const fillMicroRow = digitalCells(recipe.cells, painter, recipe.grain, recipe.overlays.snow);
    const microRow = new Uint8Array(MICRO);
    const mxs = Int32Array.from({ length: size }, (_, x) => Math.floor((wrap(x + ox) * MICRO) / size));
    let prevMy = -1;
    for (let y = 0; y < size; y++) {
      const my = Math.floor((wrap(y + oy) * MICRO) / size);
      const row = y * size;
      // Above 1024 pixels several rows fall on one micro row: copy it.
      if (my === prevMy) index.copyWithin(row, row - size, row);
      else {
        fillMicroRow(my, microRow);
        for (let x = 0; x < size; x++) index[row + x] = microRow[mxs[x] ?? 0] ?? 0;
      }
      prevMy = my;
    }
  } else {
    const sampler = new GridSampler(res);
    const painter = new PointPainter(recipe, grids, thresholds, sampler, 1, fillScales);
    // The sampler's cell and weights along x depend only on the column: computed once per column.
    const us = new Float64Array(size);
    const i0s = new Int32Array(size);
    const i1s = new Int32Array(size);
    const txs = new Float64Array(size);
    for (let x = 0; x < size; x++) {
      const u = (wrap(x + ox) + 0.5) / size;
      sampler.setU(u);
      us[x] = u;
      i0s[x] = sampler.i0;
      i1s[x] = sampler.i1;
      txs[x] = sampler.tx;
    }
    const columns = { us, i0s, i1s, txs };
    for (let y = 0; y < size; y++) {
      const v = (wrap(y + oy) + 0.5) / size;
      painter.paintRow(v, columns, index.subarray(y * size, y * size + size));
    }
  }
  const snow = recipe.overlays.snow;
  // The digital style's snow is decided per cell (digitalCells), the organic style's here.
  if (snow && recipe.style !== 'digital') paintSnow(index, size, ox, snow);
  return { size, index, palette: paletteRgb(recipe) };
}

/**
 * How deep the snow lies in the column at torus position u (0..1), as a share of the deepest:
 * three whole waves along the row (so the tile still wraps), from a quarter to all of it.
 */
function snowProfile(u: number, seed: number): number {
  const phase = (k: number): number => (((seed >>> (k * 8)) & 255) / 256) * 2 * Math.PI;
  const w =
    0.5 * Math.sin(2 * Math.PI * 3 * u + phase(0)) +
    0.3 * Math.sin(2 * Math.PI * 7 * u + phase(1)) +
    0.2 * Math.sin(2 * Math.PI * 13 * u + phase(2));
  return 0.25 + 0.75 * (0.5 + 0.5 * w);
}

/**
 * A DESIGN-sized tile (`index`, rendered from `recipe` without snow) with `snow` on it, as the
 * recipe with that snow renders: what an edit sizes and places the snow by.
 */
export function snowTile(
  recipe: Recipe,
  index: Uint8Array,
  size: number,
  snow: NonNullable<Recipe['overlays']['snow']>,
  /** The digital style draws its snow per cell, so it is rendered again: the fields to reuse. */
  opts: RenderOptions = {},
): Uint8Array {
  if (recipe.style === 'digital')
    return renderIndices({ ...recipe, overlays: { ...recipe.overlays, snow } }, size, opts).index;
  const copy = index.slice();
  paintSnow(copy, size, Math.round(recipe.origin.x * size), snow);
  return copy;
}

/**
 * Snow on the upper edges of shapes (Overlays.snow), drawn over a finished tile in place. In each
 * column the tile is a ring (the torus), cut into runs of one colour; the top of every run at least
 * `minRun` tall, down to the column's depth and at most half the run, turns to snow. A column of
 * one colour has no edge and stays. (The digital style's snow is whole cells: digitalCells.)
 *
 * With `tallRun` every run takes snow, as deep as the column's depth times the square root of
 * its height over tallRun's. Snow white outweighs the design's own colour jumps several times
 * over (forest A: 15 times), so the jump across a column is the snow's edges that cross it. When
 * only runs over `minRun` took snow, those edges crossed a column where a tall run began or ended
 * there (vertical streaks in speckle), unrelated to the design's boundaries at that column, and the
 * cut, chosen as a typical line of the design without snow, was no longer typical (forest A x 0.24).
 * On every run, each snow band's edges lie along the top of its run, so the snow's jumps across a
 * column follow the design's own boundaries there (the spread of the column jumps 0.58 -> 0.33 of
 * their mean on forest A) and the cut stays typical.
 */
function paintSnow(
  index: Uint8Array,
  size: number,
  ox: number,
  snow: NonNullable<Recipe['overlays']['snow']>,
): void {
  const wrap = (p: number): number => ((p % size) + size) % size;
  const col = new Uint8Array(size);
  const starts: number[] = [];
  const tall = (snow.tallRun ?? 0) * size;
  for (let x = 0; x < size; x++) {
    const depth = snow.depth * size * snowProfile(wrap(x + ox) / size, snow.seed);
    for (let y = 0; y < size; y++) col[y] = index[y * size + x] ?? 0;
    starts.length = 0;
    for (let y = 0; y < size; y++) if (col[y] !== col[(y + size - 1) % size]) starts.push(y);
    for (let k = 0; k < starts.length; k++) {
      const y0 = starts[k] ?? 0;
      const next = starts[(k + 1) % starts.length] ?? y0;
      const run = wrap(next - y0) || size;
      if (col[y0] === snow.colour || run < (snow.minRun ?? 0) * size) continue;
      const d = Math.min(tall > 0 ? depth * Math.sqrt(run / tall) : depth, run / 2);
      for (let j = 0; j < d; j++) index[((y0 + j) % size) * size + x] = snow.colour;
    }
  }
}

/**
 * The digital style's cell layout. A grid with one global alignment would put a cell edge on the
 * tile's wrap edge (or never on it), which shows as a seam; instead the tile is split into 8 x 8
 * 'macro' blocks, offset by half a block, each with its own cell phase. The phases form Latin
 * squares, so along any line every phase appears equally often and the wrap edge is no more (and
 * no less) of a cell boundary than any other line.
 */
function digitalCells(
  cells: number,
  painter: { paint(u: number, v: number): number },
  grain?: { share: number; reach: number; seed: number },
  snow?: NonNullable<Recipe['overlays']['snow']>,
): (my: number, out: Uint8Array) => void {
  const cell = Math.max(2, Math.round(MICRO / cells));
  // Sub-cell texture (Recipe.grain): a share of the cells take the colour found a few cells
  // away, so boundaries break up into single cells the way rough ground breaks up.
  const grainShare = grain ? grain.share : 0;
  const grainReach = grain ? (grain.reach * cell) / MICRO : 0;
  const grainSeed = grain ? grain.seed : 0;
  const macro = cell * 16;
  const macros = MICRO / macro;
  const half = macro / 2;
  const per = 17;
  const table = new Int16Array(macros * macros * per * per).fill(-1);
  const phaseX = (I: number, J: number): number => (I + 3 * J) % cell;
  const phaseY = (I: number, J: number): number => (5 * I + J) % cell;
  /** The palette index of cell (cx, cy) of macro block (I, J), painted at its centre once. */
  const cellColour = (I: number, J: number, cx: number, cy: number, px: number, py: number): number => {
    const key = ((J * macros + I) * per + cy) * per + cx;
    let c = table[key] ?? -1;
    if (c < 0) {
      const x0 = Math.max(0, cx * cell - px);
      const x1 = Math.min(macro, cx * cell - px + cell);
      const y0 = Math.max(0, cy * cell - py);
      const y1 = Math.min(macro, cy * cell - py + cell);
      const centreX = I * macro + (x0 + x1) / 2 - half;
      const centreY = J * macro + (y0 + y1) / 2 - half;
      let u = (((centreX % MICRO) + MICRO) % MICRO) / MICRO;
      let v = (((centreY % MICRO) + MICRO) % MICRO) / MICRO;
      if (grainShare > 0) {
        // Keyed on the torus position of the 2 x 2 cell block, so the grain tiles like everything
        // else and moves whole blocks (single 4-pixel cells would add corners, not axis edges).
        const kx = Math.floor((u * MICRO) / (2 * cell));
        const ky = Math.floor((v * MICRO) / (2 * cell));
        if (hash4(kx, ky, grainSeed, 11) / 4294967296 < grainShare) {
          u = (((u + (hash4(kx, ky, grainSeed, 12) / 4294967296 - 0.5) * 2 * grainReach) % 1) + 1) % 1;
          v = (((v + (hash4(kx, ky, grainSeed, 13) / 4294967296 - 0.5) * 2 * grainReach) % 1) + 1) % 1;
        }
      }
      c = painter.paint(u, v);
      table[key] = c;
    }
    return c;
  };
  /** The colour drawn (without snow) at micro pixel (mx, my), any integers (the torus wraps). */
  const drawnAt = (mx: number, my: number): number => {
    const sx = (((mx + half) % MICRO) + MICRO) % MICRO;
    const sy = (((my + half) % MICRO) + MICRO) % MICRO;
    const I = Math.floor(sx / macro);
    const J = Math.floor(sy / macro);
    const px = phaseX(I, J);
    const py = phaseY(I, J);
    return cellColour(
      I,
      J,
      Math.floor((sx - I * macro + px) / cell),
      Math.floor((sy - J * macro + py) / cell),
      px,
      py,
    );
  };
  /**
   * Snow on the upper edges of shapes (Overlays.snow), decided per cell on the cells as drawn
   * (after the sub-cell grain and each macro block's phase): from the cell's centre, looking up in
   * steps of one cell, another colour comes within the column's depth, and the cell's own colour
   * goes on at least as far below (at most half the shape) and, with `minRun`, for half that far.
   * So the snow is whole cells that lie under another colour in the tile as drawn, and the wrap
   * edge is as much a cell edge as the digital layout makes it (G5).
   */
  const snowTable = snow ? new Int16Array(table.length).fill(-1) : undefined;
  const withSnow = (I: number, J: number, cx: number, cy: number, px: number, py: number): number => {
    const c = cellColour(I, J, cx, cy, px, py);
    if (!snow || !snowTable) return c;
    const key = ((J * macros + I) * per + cy) * per + cx;
    let s = snowTable[key] ?? -1;
    if (s >= 0) return s;
    s = c;
    const x0 = Math.max(0, cx * cell - px);
    const x1 = Math.min(macro, cx * cell - px + cell);
    const y0 = Math.max(0, cy * cell - py);
    const y1 = Math.min(macro, cy * cell - py + cell);
    const mx = I * macro + Math.floor((x0 + x1) / 2) - half;
    const my = J * macro + Math.floor((y0 + y1) / 2) - half;
    const u = (((I * macro + (x0 + x1) / 2 - half) % MICRO) + MICRO) % MICRO;
    const steps = Math.round((snow.depth * snowProfile(u / MICRO, snow.seed) * MICRO) / cell);
    for (let k = 1; k <= steps; k++) {
      if (drawnAt(mx, my - k * cell) === c) continue;
      const below = Math.max(k * cell, ((snow.minRun ?? 0) * MICRO) / 2);
      if (drawnAt(mx, my + Math.round(below)) === c) s = snow.colour;
      break;
    }
    snowTable[key] = s;
    return s;
  };
  // Fills out[mx] for every micro column of micro row my. Micro coordinates are shifted by half a
  // macro block: micro column mx lies at column lx of macro block I, where I * macro + lx = mx + half.
  return (my: number, out: Uint8Array): void => {
    const sy = (my + half) % MICRO;
    const J = Math.floor(sy / macro);
    const ly = sy - J * macro;
    for (let I = 0; I < macros; I++) {
      const px = phaseX(I, J);
      const py = phaseY(I, J);
      const cy = Math.floor((ly + py) / cell);
      // Cell cx covers columns cx * cell - px .. cx * cell - px + cell - 1 of the block.
      for (let cx = 0; cx * cell - px < macro; cx++) {
        const c = withSnow(I, J, cx, cy, px, py);
        const end = Math.min(macro, cx * cell - px + cell);
        for (let lx = Math.max(0, cx * cell - px); lx < end; lx++)
          out[(I * macro + lx - half + MICRO) % MICRO] = c;
      }
    }
  };
}

/**
 * Picks the column and row at which to cut the torus open: the line whose colour jump is closest
 * to the mean jump of all other lines. Returns the new origin in pixels.
 */
/** The tile rolled so that pixel (x, y) becomes the origin; equal to rendering with that origin. */
export function rollTile(tile: RenderedTile, x: number, y: number): RenderedTile {
  const n = tile.size;
  const out = new Uint8Array(n * n);
  for (let r = 0; r < n; r++) {
    const src = ((r + y) % n) * n;
    const dst = r * n;
    const head = n - x;
    out.set(tile.index.subarray(src + x, src + n), dst);
    out.set(tile.index.subarray(src, src + x), dst + head);
  }
  return { size: n, index: out, palette: tile.palette };
}

export function typicalCut(tile: RenderedTile): { x: number; y: number } {
  const n = tile.size;
  const pal = tile.palette;
  const k = pal.length;
  const dist = new Float64Array(k * k);
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      const a = pal[i] ?? [0, 0, 0];
      const b = pal[j] ?? [0, 0, 0];
      dist[i * k + j] = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    }
  const col = new Float64Array(n);
  const row = new Float64Array(n);
  const idx = tile.index;
  for (let y = 0; y < n; y++) {
    const r = y * n;
    const down = ((y + 1) % n) * n;
    let rowSum = row[y] ?? 0;
    for (let x = 0; x < n; x++) {
      const c = (idx[r + x] ?? 0) * k;
      const right = x + 1 < n ? x + 1 : 0;
      col[x] = (col[x] ?? 0) + (dist[c + (idx[r + right] ?? 0)] ?? 0);
      rowSum += dist[c + (idx[down + x] ?? 0)] ?? 0;
    }
    row[y] = rowSum;
  }
  const pick = (lines: Float64Array): number => {
    let total = 0;
    for (const v of lines) total += v;
    let best = 0;
    let bestErr = Infinity;
    for (let c = 0; c < n; c++) {
      const v = lines[c] ?? 0;
      const mean = (total - v) / (n - 1);
      const err = Math.abs(v / (mean || 1) - 1);
      if (err < bestErr - 1e-12) {
        bestErr = err;
        best = c;
      }
    }
    return (best + 1) % n;
  };
  return { x: pick(col), y: pick(row) };
}
