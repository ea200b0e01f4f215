/**
 * A sky mask (./sky.ts) read at a photo's pixels: the cell that holds a pixel, whether the pixel is
 * ground, and the largest square of the photo that lies in the ground.
 */
import type { SkyMask } from './sky.js';

/** Whether photo pixel (x, y) is ground (neither sky nor water) by the sky mask. */
export function isGroundAt(sky: SkyMask, photoW: number, photoH: number, x: number, y: number): boolean {
  return (sky.mask[maskCellAt(sky, photoW, photoH, x, y)] ?? 0) === 0;
}

/** The index into `sky.mask` of the cell that holds pixel (x, y) of a photoW x photoH image. */
export function maskCellAt(sky: SkyMask, photoW: number, photoH: number, x: number, y: number): number {
  const gx = Math.min(sky.width - 1, Math.floor((x * sky.width) / photoW));
  const gy = Math.min(sky.height - 1, Math.floor((y * sky.height) / photoH));
  return gy * sky.width + gx;
}

/**
 * The largest square of the photo (in photo pixels) that lies in the ground: centred
 * horizontally, placed in the tallest band of rows that hold no sky or water. Used for the
 * spectral slope, which needs a square crop.
 */
export function groundSquare(
  sky: SkyMask,
  photoW: number,
  photoH: number,
): { x0: number; y0: number; side: number } {
  const { width: w, height: h, mask } = sky;
  // Rows (grid) where at most 3 % of the cells are sky or water.
  let bestStart = 0;
  let bestLen = 0;
  let start = -1;
  for (let y = 0; y <= h; y++) {
    let bad = 0;
    if (y < h) for (let x = 0; x < w; x++) if (mask[y * w + x]) bad++;
    const ok = y < h && bad <= 0.03 * w;
    if (ok && start < 0) start = y;
    if (!ok && start >= 0) {
      if (y - start > bestLen) {
        bestLen = y - start;
        bestStart = start;
      }
      start = -1;
    }
  }
  if (bestLen === 0) return { x0: 0, y0: 0, side: 0 };
  const top = Math.ceil((bestStart * photoH) / h);
  const bottom = Math.floor(((bestStart + bestLen) * photoH) / h);
  const side = Math.max(1, Math.min(photoW, bottom - top));
  return { x0: Math.floor((photoW - side) / 2), y0: top + Math.floor((bottom - top - side) / 2), side };
}
