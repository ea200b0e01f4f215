/**
 * A design's tile at the size it is drawn on a target (decision 037): shrunk by a Lanczos-3 filter
 * round the repeat, as the photo it is compared with was shrunk.
 */
import type { DesignTile } from './compose.js';

/** The last sizes each design was resampled to (a prediction composes the same size several times). */
const resampled = new WeakMap<DesignTile, Map<number, Uint8Array>>();

export function tileAt(tile: DesignTile, size: number): Uint8Array {
  let sizes = resampled.get(tile);
  if (!sizes) resampled.set(tile, (sizes = new Map<number, Uint8Array>()));
  let out = sizes.get(size);
  if (!out) {
    if (sizes.size >= 8) sizes.delete(sizes.keys().next().value!);
    out = resampleTile(tile, size);
    sizes.set(size, out);
  }
  return out;
}

/**
 * The design's tile at `size` x `size` pixels: when shrinking, by a Lanczos-3 filter over the
 * repeat (decision 037), from the smallest halving still four times `size` (its 2 x 2 means lose
 * nothing the filter keeps), as the photo was shrunk to the size the pages show (sharp's default);
 * bilinear when enlarging. Area averages into whole pixels, as before, alias a pattern finer than
 * a pixel into one coarser (3 cm squares at 0.75 px drew a 3 px moire at full contrast), so the
 * design was sharper than its ground.
 */
function resampleTile(tile: DesignTile, size: number): Uint8Array {
  const out = new Uint8Array(size * size * 3);
  if (size <= Math.min(tile.width, tile.height)) {
    const level =
      [...tile.levels].reverse().find((l) => Math.min(l.width, l.height) >= 4 * size) ?? tile.levels[0]!;
    const { width: w, height: h, data } = level;
    const across = lanczosTaps(w, size);
    const down = lanczosTaps(h, size);
    // Rows first (size columns of each of h rows), then columns.
    const rows = new Float32Array(h * size * 3);
    for (let y = 0; y < h; y++)
      for (let i = 0; i < size; i++) {
        const { index, weight } = across[i]!;
        let r = 0;
        let g = 0;
        let b = 0;
        for (let t = 0; t < index.length; t++) {
          const p = (y * w + index[t]!) * 3;
          r += weight[t]! * data[p]!;
          g += weight[t]! * data[p + 1]!;
          b += weight[t]! * data[p + 2]!;
        }
        const o = (y * size + i) * 3;
        rows[o] = r;
        rows[o + 1] = g;
        rows[o + 2] = b;
      }
    for (let j = 0; j < size; j++) {
      const { index, weight } = down[j]!;
      for (let i = 0; i < size; i++) {
        let r = 0;
        let g = 0;
        let b = 0;
        for (let t = 0; t < index.length; t++) {
          const p = (index[t]! * size + i) * 3;
          r += weight[t]! * rows[p]!;
          g += weight[t]! * rows[p + 1]!;
          b += weight[t]! * rows[p + 2]!;
        }
        const o = (j * size + i) * 3;
        out[o] = Math.min(255, Math.max(0, Math.round(r)));
        out[o + 1] = Math.min(255, Math.max(0, Math.round(g)));
        out[o + 2] = Math.min(255, Math.max(0, Math.round(b)));
      }
    }
    return out;
  }
  const { width: w, height: h } = tile;
  for (let j = 0; j < size; j++) {
    const fy = ((j + 0.5) * h) / size - 0.5;
    const y0 = Math.floor(fy);
    const ty = fy - y0;
    const ya = ((y0 % h) + h) % h;
    const yb = (ya + 1) % h;
    for (let i = 0; i < size; i++) {
      const fx = ((i + 0.5) * w) / size - 0.5;
      const x0 = Math.floor(fx);
      const tx = fx - x0;
      const xa = ((x0 % w) + w) % w;
      const xb = (xa + 1) % w;
      for (let c = 0; c < 3; c++) {
        const p = (yy: number, xx: number): number => tile.rgb[(yy * w + xx) * 3 + c]!;
        const top = p(ya, xa) * (1 - tx) + p(ya, xb) * tx;
        const bottom = p(yb, xa) * (1 - tx) + p(yb, xb) * tx;
        out[(j * size + i) * 3 + c] = Math.round(top * (1 - ty) + bottom * ty);
      }
    }
  }
  return out;
}

/** Lanczos-3: sinc(x) sinc(x / 3) within three lobes. */
function lanczos3(x: number): number {
  if (x === 0) return 1;
  if (Math.abs(x) >= 3) return 0;
  const p = Math.PI * x;
  return (3 * Math.sin(p) * Math.sin(p / 3)) / (p * p);
}

/**
 * For each of `size` output pixels across a repeat of `from` pixels, the source pixels (wrapped
 * round the repeat) and their Lanczos-3 weights, stretched by the shrink and summing to 1.
 */
function lanczosTaps(from: number, size: number): { index: Int32Array; weight: Float32Array }[] {
  const scale = from / size;
  const reach = Math.ceil(3 * scale);
  return Array.from({ length: size }, (_, i) => {
    const centre = (i + 0.5) * scale - 0.5;
    const first = Math.floor(centre) - reach + 1;
    const count = 2 * reach;
    const index = new Int32Array(count);
    const weight = new Float32Array(count);
    let sum = 0;
    for (let t = 0; t < count; t++) {
      const x = first + t;
      index[t] = ((x % from) + from) % from;
      weight[t] = lanczos3((x - centre) / scale);
      sum += weight[t]!;
    }
    for (let t = 0; t < count; t++) weight[t]! /= sum;
    return { index, weight };
  });
}
