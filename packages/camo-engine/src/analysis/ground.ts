import { imageToLab, photoLab } from '../color/lab.js';
import { ciede2000 } from '../metrics/ciede2000.js';
import type { LabPoints } from '../metrics/kmeans.js';
import { spectralSlope } from '../metrics/spectrum.js';
import { channelsOf, type Photo } from '../types.js';
import { groundSquare, isGroundAt, maskCellAt } from './sky-mask.js';
import { findSky, type SkyMask } from './sky.js';

/**
 * The ground part of a photo: everything but open sky and sea or lake at the horizon (see
 * sky.ts). The engine's analysis and the G2-G4 checks both read the photo through this, so a
 * design is judged against the ground a hunter stands in, never against the sky.
 */
export interface GroundView {
  sky: SkyMask;
  /** Share of the photo that is ground (1 when there is no sky). */
  groundShare: number;
  /** Lab of the ground pixels of a uniformly strided subsample of the photo. */
  points: LabPoints;
  /** The whole subsampled grid (ground and sky), for texture statistics. */
  grid: LabPoints & { width: number; height: number };
  /** Per grid point: 1 if ground. */
  groundGrid: Uint8Array;
}

export function groundView(photo: Photo, maxPixels: number, sky: SkyMask = findSky(photo)): GroundView {
  const grid = photoLab(photo, maxPixels);
  const n = grid.width * grid.height;
  const groundGrid = new Uint8Array(n);
  const edge = skyEdgeCells(sky);
  let count = 0;
  for (let y = 0; y < grid.height; y++)
    for (let x = 0; x < grid.width; x++) {
      if (!isGroundAt(sky, grid.width, grid.height, x, y)) continue;
      const i = y * grid.width + x;
      const next = edge[maskCellAt(sky, grid.width, grid.height, x, y)] ?? 0;
      if (next && isSkyResidue(sky, next, grid.L[i] ?? 0, grid.A[i] ?? 0, grid.B[i] ?? 0)) continue;
      groundGrid[i] = 1;
      count++;
    }
  const points: LabPoints = {
    L: new Float32Array(count),
    A: new Float32Array(count),
    B: new Float32Array(count),
  };
  let j = 0;
  for (let i = 0; i < n; i++)
    if (groundGrid[i]) {
      points.L[j] = grid.L[i] ?? 0;
      points.A[j] = grid.A[i] ?? 0;
      points.B[j] = grid.B[i] ?? 0;
      j++;
    }
  return { sky, groundShare: 1 - sky.skyShare - sky.waterShare, points, grid, groundGrid };
}

/** A pixel of a ground cell beside the sky (or water) this close (CIEDE2000) to its mean is sky. */
const RESIDUE_DE = 10;

/**
 * The mask is a grid of cells (SKY_GRID across): a ground cell on the horizon also holds the sky
 * just above the line, and sky through twigs or grass blades. Per cell, what it borders: 0 nothing,
 * 1 sky, 2 water, 3 both (8-neighbours).
 */
function skyEdgeCells(sky: SkyMask): Uint8Array {
  const { width: w, height: h, mask } = sky;
  const edge = new Uint8Array(w * h);
  if (!sky.skyLab && !sky.waterLab) return edge;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (mask[y * w + x]) continue;
      let e = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
          const m = mask[yy * w + xx] ?? 0;
          if (m) e |= m;
        }
      edge[y * w + x] = e;
    }
  return edge;
}

/** In a cell beside sky (bit 1) or water (bit 2): is this colour that region's own? */
function isSkyResidue(sky: SkyMask, next: number, L: number, a: number, b: number): boolean {
  const p = { L, a, b };
  return (
    (!!(next & 1) && !!sky.skyLab && ciede2000(sky.skyLab, p) < RESIDUE_DE) ||
    (!!(next & 2) && !!sky.waterLab && ciede2000(sky.waterLab, p) < RESIDUE_DE)
  );
}

/**
 * The spectral slope of L* (G4's measure) on the ground: the largest centred power-of-two square
 * (at most 512) inside the ground square of groundSquare(), at the photo's own resolution. With
 * no sky this is the centred crop of the whole photo, as before.
 */
export function groundSlope(photo: Photo, sky: SkyMask): number {
  const ch = channelsOf(photo);
  const g = groundSquare(sky, photo.width, photo.height);
  let side = 1;
  while (side * 2 <= Math.min(g.side, 512)) side *= 2;
  let x0 = g.x0 + Math.floor((g.side - side) / 2);
  let y0 = g.y0 + Math.floor((g.side - side) / 2);
  if (side < 64) {
    // A band of ground too thin for a 64 px square (a small photo that is mostly sky): the
    // bottom-centred square of at least 64 px, where the ground is in a photo with a horizon (a
    // smaller crop fits too few frequencies for a slope).
    side = 1;
    while (side * 2 <= Math.min(photo.width, photo.height, 512) && side < 64) side *= 2;
    x0 = Math.floor((photo.width - side) / 2);
    y0 = photo.height - side;
  }
  const crop = new Uint8Array(side * side * 3);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const o = ((y0 + y) * photo.width + x0 + x) * ch;
      const d = (y * side + x) * 3;
      crop[d] = photo.data[o] ?? 0;
      crop[d + 1] = photo.data[o + 1] ?? 0;
      crop[d + 2] = photo.data[o + 2] ?? 0;
    }
  const { L } = imageToLab(crop, 3, side * side);
  return spectralSlope({ width: side, height: side, data: L });
}
