import { largestPatches } from './components.js';

/**
 * Whether an edit kept a design's layout (issue 29, item 1), measured on the two index images of
 * one tile size: how much of the tile keeps its colour under the best one-to-one mapping of the
 * original's colours onto the edit's, and whether each colour's largest patch stays where it was.
 */

/**
 * The one-to-one mapping from `before`'s palette indices to `after`'s that keeps the most pixels
 * (an assignment over at most 16 colours, solved exactly over subsets), and the share it keeps.
 */
export function bestMapping(before: Uint8Array, after: Uint8Array): { coverage: number; map: number[] } {
  let na = 0;
  let nb = 0;
  for (const v of before) if (v >= na) na = v + 1;
  for (const v of after) if (v >= nb) nb = v + 1;
  const counts = new Float64Array(na * nb);
  for (let i = 0; i < before.length; i++) {
    const k = (before[i] ?? 0) * nb + (after[i] ?? 0);
    counts[k] = (counts[k] ?? 0) + 1;
  }
  // best[i][mask]: the most pixels kept by mapping colours i.. onto colours outside mask.
  const size = 1 << nb;
  const best = Array.from({ length: na + 1 }, () => new Float64Array(size));
  const pick = Array.from({ length: na }, () => new Int8Array(size).fill(-1));
  for (let i = na - 1; i >= 0; i--)
    for (let mask = 0; mask < size; mask++) {
      let v = best[i + 1]?.[mask] ?? 0;
      let choice = -1;
      for (let j = 0; j < nb; j++) {
        if (mask & (1 << j)) continue;
        const w = (counts[i * nb + j] ?? 0) + (best[i + 1]?.[mask | (1 << j)] ?? 0);
        if (w > v) {
          v = w;
          choice = j;
        }
      }
      (best[i] as Float64Array)[mask] = v;
      (pick[i] as Int8Array)[mask] = choice;
    }
  const map: number[] = [];
  let mask = 0;
  for (let i = 0; i < na; i++) {
    const j = pick[i]?.[mask] ?? -1;
    map.push(j);
    if (j >= 0) mask |= 1 << j;
  }
  return { coverage: (best[0]?.[0] ?? 0) / before.length, map };
}

/** The tile at view x view, each cell taking the most common index of its block. */
export function modeView(index: Uint8Array, size: number, view: number): Uint8Array {
  const block = size / view;
  if (!Number.isInteger(block)) throw new RangeError(`${size} is not a multiple of ${view}`);
  const out = new Uint8Array(view * view);
  const counts = new Int32Array(256);
  for (let by = 0; by < view; by++)
    for (let bx = 0; bx < view; bx++) {
      counts.fill(0);
      let top = 0;
      let arg = 0;
      for (let y = by * block; y < (by + 1) * block; y++)
        for (let x = bx * block; x < (bx + 1) * block; x++) {
          const c = index[y * size + x] ?? 0;
          const k = (counts[c] ?? 0) + 1;
          counts[c] = k;
          if (k > top) {
            top = k;
            arg = c;
          }
        }
      out[by * view + bx] = arg;
    }
  return out;
}

/**
 * For each of `before`'s colours with a mapped colour in `after`, whether its largest patch stayed
 * where it was, at a view x view reduction (the tile's large shapes, not its specks): the share of
 * the original largest patch that still has the colour, and the share of the edit's largest patch
 * of that colour that had it before, whichever is lower. A shape that grows or shrinks in place
 * keeps both high; a shape that moves, or a largest patch that now lies elsewhere, does not.
 * Colours whose largest patch covers fewer than `minCells` cells of the view in either image are
 * left out (specks move with any change of detail).
 */
export function largestPatchOverlaps(
  before: Uint8Array,
  after: Uint8Array,
  size: number,
  map: readonly number[],
  view = 64,
  minCells = 16,
  /**
   * Colours of `before` that the edit removed: they have no patch to keep, and the cells they
   * held are left out of the share of an edit's patch that "had it before" (their area had to go
   * somewhere; a removal is judged on the colours that remain).
   */
  removed: ReadonlySet<number> = new Set(),
): { colour: number; overlap: number; cells: number }[] {
  const a = modeView(before, size, view);
  const b = modeView(after, size, view);
  const pa = largestPatches(a, view, view);
  const pb = largestPatches(b, view, view);
  const out: { colour: number; overlap: number; cells: number }[] = [];
  map.forEach((j, i) => {
    const A = pa[i];
    const B = j >= 0 ? pb[j] : undefined;
    if (removed.has(i) || !A || !B || A.length < minCells || B.length < minCells) return;
    let kept = 0;
    for (const p of A) kept += b[p] === j ? 1 : 0;
    let was = 0;
    let counted = 0;
    for (const p of B) {
      if (removed.has(a[p] ?? 0)) continue;
      counted++;
      was += a[p] === i ? 1 : 0;
    }
    out.push({ colour: i, overlap: Math.min(kept / A.length, counted ? was / counted : 1), cells: A.length });
  });
  return out;
}
