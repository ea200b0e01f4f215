/**
 * The digital style's layer: cells in 16 x 16-cell macro blocks with Latin-square cell phases,
 * each painted at its centre, the optional sub-cell grain, and the snow decided per cell.
 */
import { hash4 } from '../metrics/prng.js';
import type { Recipe } from '../recipe/recipe-types.js';
import { snowProfile } from './snow.js';

/** The digital style's 'pixels' live on a 1024-unit micro grid; see digitalCells below. */
export const MICRO = 1024;

/**
 * The digital style's cell layout. A grid with one global alignment would put a cell edge on the
 * tile's wrap edge (or never on it), which shows as a seam; instead the tile is split into 8 x 8
 * 'macro' blocks, offset by half a block, each with its own cell phase. The phases form Latin
 * squares, so along any line every phase appears equally often and the wrap edge is no more (and
 * no less) of a cell boundary than any other line.
 */
export function digitalCells(
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
