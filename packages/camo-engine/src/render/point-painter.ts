/**
 * Painting a point from the layer fields: the bilinear sampler of the field grids (GridSampler)
 * and the palette index at a point (PointPainter): the top layer whose field passes its
 * threshold, specks confined to their host colour, a removed colour's region taken by its
 * neighbours, then outlines, contour lines and stamped shapes. The organic style paints every
 * pixel with it, a row at a time; the digital style each cell at its centre (./digital-cells.ts).
 */
import type { Recipe } from '../recipe/recipe-types.js';
import { ShapeField } from './shapes.js';

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
export class GridSampler {
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
export class PointPainter {
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
