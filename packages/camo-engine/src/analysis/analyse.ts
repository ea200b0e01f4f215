import { imageToLab, quantiseLab, rgbToHex, labToRgb, type Lab } from '../color/lab.js';
import { colourName } from '../color/names.js';
import { kmeansBest } from '../metrics/kmeans.js';
import { meanStd, photoLab } from '../metrics/photo-stats.js';
import { spectralSlope } from '../metrics/spectrum.js';
import type { Photo } from '../types.js';
import { contextCues } from './context.js';

export interface Swatch {
  hex: string;
  name: string;
  lab: Lab;
  share: number;
}

export interface TextureStats {
  /** Slope of the radially averaged power spectrum of L* (log-log); about -2 for busy scenes, -3 or below for smooth or blurred ones. */
  spectralSlope: number;
  /** Share of pixels on a strong L* edge (Sobel magnitude above 40 L* units). */
  edgeDensity: number;
  /** Dominant edge direction in degrees from horizontal (0 = horizontal edges, 90 = vertical edges). */
  orientationDeg: number;
  /** How strongly edges share that direction, 0 (none) to 1 (all parallel). */
  orientationStrength: number;
}

export interface PhotoAnalysis {
  width: number;
  height: number;
  /** Colour clusters of the photo (k-means++ in CIELAB, k = 5), largest first. */
  palette: Swatch[];
  meanL: number;
  stdL: number;
  texture: TextureStats;
  cues: {
    id: string;
    note: string;
    source: 'description' | 'county' | 'state';
    matched: string;
    strength: number;
  }[];
  context: { description: string; state: string; county: string };
}

export interface AnalyseContext {
  description?: string;
  state?: string;
  county?: string;
}

/** At most this many pixels are analysed; the photo is subsampled with a uniform stride. */
const ANALYSIS_PIXELS = 36_000;

export function analyse(photo: Photo, context: AnalyseContext = {}): PhotoAnalysis {
  const lab = photoLab(photo, ANALYSIS_PIXELS);
  const clusters = kmeansBest(lab, 5, 12345, 3);
  const palette: Swatch[] = clusters.map((c) => {
    const q = quantiseLab(c.lab);
    return { hex: rgbToHex(labToRgb(c.lab)), name: colourName(q), lab: q, share: c.share };
  });
  const { mean, std } = meanStd(lab.L);
  const plane = { width: lab.width, height: lab.height, data: lab.L };
  const texture = textureStats(plane);
  const description = context.description ?? '';
  const state = context.state ?? '';
  const county = context.county ?? '';
  const cues = contextCues(description, state, county).map((c) => ({
    id: c.cue.id,
    note: c.cue.note,
    source: c.source,
    matched: c.matched,
    strength: c.strength,
  }));
  return {
    width: photo.width,
    height: photo.height,
    palette,
    meanL: mean,
    stdL: std,
    texture: { ...texture, spectralSlope: fullResolutionSlope(photo) },
    cues,
    context: { description, state, county },
  };
}

function textureStats(plane: {
  width: number;
  height: number;
  data: Float32Array;
}): Omit<TextureStats, 'spectralSlope'> {
  const { width: w, height: h, data: d } = plane;
  let strong = 0;
  let jxx = 0;
  let jyy = 0;
  let jxy = 0;
  let count = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const at = (dx: number, dy: number): number => d[(y + dy) * w + x + dx] ?? 0;
      const gx = at(1, -1) + 2 * at(1, 0) + at(1, 1) - at(-1, -1) - 2 * at(-1, 0) - at(-1, 1);
      const gy = at(-1, 1) + 2 * at(0, 1) + at(1, 1) - at(-1, -1) - 2 * at(0, -1) - at(1, -1);
      const m2 = gx * gx + gy * gy;
      if (m2 > 40 * 40) strong++;
      jxx += gx * gx;
      jyy += gy * gy;
      jxy += gx * gy;
      count++;
    }
  }
  const tr = jxx + jyy;
  const coherence = tr > 0 ? Math.sqrt((jxx - jyy) ** 2 + 4 * jxy * jxy) / tr : 0;
  // Gradient direction; edges run perpendicular to it.
  const gradAngle = 0.5 * Math.atan2(2 * jxy, jxx - jyy);
  let edgeDeg = ((gradAngle * 180) / Math.PI + 90 + 180) % 180;
  if (edgeDeg > 90) edgeDeg = 180 - edgeDeg;
  return {
    edgeDensity: count > 0 ? strong / count : 0,
    orientationDeg: edgeDeg,
    orientationStrength: coherence,
  };
}

/**
 * The spectral slope at the photo's own resolution (the same measure the G4 check uses): only the
 * centred power-of-two square is converted to L*, so this stays cheap on large photos.
 */
function fullResolutionSlope(photo: Photo): number {
  const ch = photo.data.length === photo.width * photo.height * 4 ? 4 : 3;
  let side = 1;
  while (side * 2 <= Math.min(photo.width, photo.height, 512)) side *= 2;
  const x0 = Math.floor((photo.width - side) / 2);
  const y0 = Math.floor((photo.height - side) / 2);
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
