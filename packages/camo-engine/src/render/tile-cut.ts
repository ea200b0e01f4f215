/**
 * Where the torus is opened into a square: the typical line to cut at (typicalCut, Recipe.origin)
 * and the tile rolled to a new origin (rollTile).
 */
import type { RenderedTile } from './render.js';

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

/**
 * Picks the column and row at which to cut the torus open: the line whose colour jump is closest
 * to the mean jump of all other lines. Returns the new origin in pixels.
 */
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
