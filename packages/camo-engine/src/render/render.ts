/**
 * Renders a recipe as a tile of palette indices (renderIndices): the layer fields
 * (./layer-fields.ts) cut at their thresholds (./layer-thresholds.ts), painted pixel by pixel in
 * the organic style (./point-painter.ts) or cell by cell in the digital style
 * (./digital-cells.ts), and the snow (./snow.ts). Everything is a function of torus coordinates,
 * so the tile wraps.
 */
import { hexToRgb } from '../color/lab.js';
import type { Recipe } from '../recipe/recipe-types.js';
import { digitalCells, MICRO } from './digital-cells.js';
import { fieldResolution, LayerFields, REFERENCE_GRID, subsample, type RenderReuse } from './layer-fields.js';
import { fieldSpreads, layerThresholds } from './layer-thresholds.js';
import { GridSampler, PointPainter } from './point-painter.js';
import { paintSnow } from './snow.js';

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

export function paletteRgb(recipe: Recipe): [number, number, number][] {
  return recipe.palette.map((p) => hexToRgb(p.hex));
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
