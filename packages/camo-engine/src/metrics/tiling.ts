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
