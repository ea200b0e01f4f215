/**
 * Snow on the upper edges of shapes (Overlays.snow): how deep it lies along the row
 * (snowProfile) and, in the organic style, the snow drawn over a finished tile (paintSnow). The
 * digital style decides its snow per cell (./digital-cells.ts); an edit sizes the snow with
 * render.ts#snowTile.
 */
import type { Recipe } from '../recipe/recipe-types.js';

/**
 * How deep the snow lies in the column at torus position u (0..1), as a share of the deepest:
 * three whole waves along the row (so the tile still wraps), from a quarter to all of it.
 */
export function snowProfile(u: number, seed: number): number {
  const phase = (k: number): number => (((seed >>> (k * 8)) & 255) / 256) * 2 * Math.PI;
  const w =
    0.5 * Math.sin(2 * Math.PI * 3 * u + phase(0)) +
    0.3 * Math.sin(2 * Math.PI * 7 * u + phase(1)) +
    0.2 * Math.sin(2 * Math.PI * 13 * u + phase(2));
  return 0.25 + 0.75 * (0.5 + 0.5 * w);
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
export function paintSnow(
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
