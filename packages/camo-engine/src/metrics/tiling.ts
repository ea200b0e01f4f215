/**
 * Seam check for a tile given as an RGB(A) buffer: the mean colour jump (Euclidean RGB distance)
 * across the wrap edge divided by the mean jump between interior neighbours, for each axis.
 * A seamless tile gives about 1 on both axes (G5 asks for 0.5 to 1.5).
 */
export function wrapJumpRatios(
  data: Uint8Array,
  width: number,
  height: number,
  channels: number,
): { x: number; y: number } {
  const px = (x: number, y: number, c: number): number => data[(y * width + x) * channels + c] ?? 0;
  const jump = (x1: number, y1: number, x2: number, y2: number): number => {
    let s = 0;
    for (let c = 0; c < 3; c++) {
      const d = px(x1, y1, c) - px(x2, y2, c);
      s += d * d;
    }
    return Math.sqrt(s);
  };
  let interiorX = 0;
  let seamX = 0;
  let interiorY = 0;
  let seamY = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width - 1; x++) interiorX += jump(x, y, x + 1, y);
    seamX += jump(width - 1, y, 0, y);
  }
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height - 1; y++) interiorY += jump(x, y, x, y + 1);
    seamY += jump(x, height - 1, x, 0);
  }
  interiorX /= height * (width - 1);
  interiorY /= width * (height - 1);
  seamX /= height;
  seamY /= width;
  return { x: interiorX > 0 ? seamX / interiorX : 1, y: interiorY > 0 ? seamY / interiorY : 1 };
}

/**
 * wrapJumpRatios for a tile of palette indices (size x size) and its palette's RGB colours, with
 * the jumps between colours looked up once: the same figures, without the RGB buffer.
 */
export function wrapJumpRatiosIndexed(
  index: Uint8Array,
  size: number,
  palette: readonly (readonly [number, number, number])[],
): { x: number; y: number } {
  const k = palette.length;
  const d = new Float64Array(k * k);
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      const a = palette[i] ?? [0, 0, 0];
      const b = palette[j] ?? [0, 0, 0];
      d[i * k + j] = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    }
  let interiorX = 0;
  let seamX = 0;
  let interiorY = 0;
  let seamY = 0;
  for (let y = 0; y < size; y++) {
    const r = y * size;
    const down = y + 1 < size ? r + size : -1;
    for (let x = 0; x < size; x++) {
      const c = (index[r + x] ?? 0) * k;
      if (x + 1 < size) interiorX += d[c + (index[r + x + 1] ?? 0)] ?? 0;
      else seamX += d[c + (index[r] ?? 0)] ?? 0;
      if (down >= 0) interiorY += d[c + (index[down + x] ?? 0)] ?? 0;
      else seamY += d[c + (index[x] ?? 0)] ?? 0;
    }
  }
  interiorX /= size * (size - 1);
  interiorY /= size * (size - 1);
  seamX /= size;
  seamY /= size;
  return { x: interiorX > 0 ? seamX / interiorX : 1, y: interiorY > 0 ? seamY / interiorY : 1 };
}
