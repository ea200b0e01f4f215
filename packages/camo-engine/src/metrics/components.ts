/**
 * 4-connected components of equal labels on a torus (the left edge touches the right edge and
 * the top touches the bottom), so a patch that crosses the tile's seam counts once: each pixel's
 * component, and each component's size and label, in scan order.
 */
function torusComponents(labels: Uint8Array, width: number, height: number) {
  const n = width * height;
  const comp = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n);
  const sizes: number[] = [];
  const labelOf: number[] = [];
  for (let start = 0; start < n; start++) {
    if ((comp[start] ?? 0) >= 0) continue;
    const id = sizes.length;
    const lab = labels[start] ?? 0;
    let top = 0;
    stack[top++] = start;
    comp[start] = id;
    let size = 0;
    while (top > 0) {
      const p = stack[--top] ?? 0;
      size++;
      const x = p % width;
      const y = (p - x) / width;
      const left = y * width + (x === 0 ? width - 1 : x - 1);
      const right = y * width + (x === width - 1 ? 0 : x + 1);
      const up = (y === 0 ? height - 1 : y - 1) * width + x;
      const down = (y === height - 1 ? 0 : y + 1) * width + x;
      if (comp[left] === -1 && labels[left] === lab) {
        comp[left] = id;
        stack[top++] = left;
      }
      if (comp[right] === -1 && labels[right] === lab) {
        comp[right] = id;
        stack[top++] = right;
      }
      if (comp[up] === -1 && labels[up] === lab) {
        comp[up] = id;
        stack[top++] = up;
      }
      if (comp[down] === -1 && labels[down] === lab) {
        comp[down] = id;
        stack[top++] = down;
      }
    }
    sizes.push(size);
    labelOf.push(lab);
  }
  return { comp, sizes, labelOf };
}

/** The pixel count of every torus component (torusComponents). */
export function torusComponentSizes(labels: Uint8Array, width: number, height: number): Int32Array {
  return Int32Array.from(torusComponents(labels, width, height).sizes);
}

/**
 * Area-weighted patch-size percentiles: the size of the patch that a random pixel falls in.
 * Returns p05, p50, p95 and the span log10(p95 / p05) that G6 asks to be at least 2.5.
 */
export function patchSizeSpan(labels: Uint8Array, width: number, height: number) {
  const sizes = Array.from(torusComponentSizes(labels, width, height)).sort((a, b) => a - b);
  const total = width * height;
  const at = (q: number): number => {
    let acc = 0;
    for (const s of sizes) {
      acc += s;
      if (acc >= q * total) return s;
    }
    return sizes[sizes.length - 1] ?? 0;
  };
  const p05 = at(0.05);
  const p50 = at(0.5);
  const p95 = at(0.95);
  return { p05, p50, p95, span: Math.log10(p95 / Math.max(1, p05)), count: sizes.length, sizes };
}

/**
 * The torus components of each label and the pixels of the largest one per label: `largest[l]`
 * lists the pixel indices of label l's largest 4-connected patch (empty when l is absent).
 */
export function largestPatches(labels: Uint8Array, width: number, height: number): Int32Array[] {
  const n = width * height;
  const { comp, sizes, labelOf } = torusComponents(labels, width, height);
  const best = new Map<number, number>();
  sizes.forEach((s, id) => {
    const l = labelOf[id] ?? 0;
    const b = best.get(l);
    if (b === undefined || s > (sizes[b] ?? 0)) best.set(l, id);
  });
  const out: Int32Array[] = [];
  for (let l = 0; l < 256; l++) {
    const id = best.get(l);
    if (id === undefined) continue;
    const px: number[] = [];
    for (let p = 0; p < n; p++) if (comp[p] === id) px.push(p);
    out[l] = Int32Array.from(px);
  }
  return out;
}
