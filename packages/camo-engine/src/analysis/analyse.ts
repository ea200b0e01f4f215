/**
 * The photo analysis (analyse()): the ground's palette (./ground-palette.ts), its mean and spread
 * of L*, its texture (edge density and orientation here, the spectral slope in ./ground.ts), the
 * context cues of the description, county and state, and what was left out as sky or water
 * (./sky.ts), with a biome prior when the photo is almost all sky.
 */
import { hexToRgb, quantiseLab, rgbToHex, rgbToLab, labToRgb } from '../color/lab.js';
import { colourName } from '../color/names.js';
import { meanStd } from '../metrics/photo-stats.js';
import type { Photo } from '../types.js';
import { biomePrior, contextCues } from './context.js';
import { dropSkyEdges, groundPalette, robustPalette, SETTLE_PIXELS, type Swatch } from './ground-palette.js';
import { groundSlope, groundView } from './ground.js';

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
  /**
   * Flat colours of the photo's ground (sky and sea left out), largest first: by default the
   * k-means++ clustering (five, six or seven colours) that the engine's other seeds agree with best
   * (groundPalette, decision 023), settled on a denser sample where that moves it beyond G2/G3's
   * bounds (decision 031); with `palette: 'greedy'` the greedy k = 5 clusters topped up with
   * any distinct k = 6 centre (robustPalette); mixed with a biome prior when the photo is almost all
   * sky.
   */
  palette: Swatch[];
  /** What was left out of the photo as sky or water, and whether a biome prior filled in. */
  ground: GroundSummary;
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
  /** `state` is the two-letter code, `stateName` the name the texts use (the code when none was given). */
  context: { description: string; state: string; stateName: string; county: string };
}

export interface GroundSummary {
  /** Shares of the photo. */
  skyShare: number;
  waterShare: number;
  groundShare: number;
  /** Almost nothing but sky: the palette mixes what ground there is with the state's biome prior. */
  fallback: boolean;
  /** The biome whose prior colours were used in a fallback. */
  prior?: string;
}

export interface AnalyseContext {
  description?: string;
  /** The two-letter code of a US state; its landscapes are a weak prior. */
  state?: string;
  /** The state's name, for the texts: the engine keeps no list of names (default: the code). */
  stateName?: string;
  county?: string;
  /**
   * How the ground palette is chosen (decision 023): 'typical', the default, the most typical of
   * several plain k-means++ clusterings with five or six colours (groundPalette), no horizon
   * colour dropped; 'greedy', the palette before it, the greedy k-means++ clustering (k = 5) with
   * its distinct top-up and small colours near the sky's dropped.
   */
  palette?: 'greedy' | 'typical';
}

/** At most this many pixels are analysed; the photo is subsampled with a uniform stride. */
const ANALYSIS_PIXELS = 36_000;

/** Below this share of ground, the analysis falls back on the biome prior. */
export const FALLBACK_GROUND_SHARE = 0.12;

export function analyse(photo: Photo, context: AnalyseContext = {}): PhotoAnalysis {
  const view = groundView(photo, ANALYSIS_PIXELS);
  const description = context.description ?? '';
  const state = context.state ?? '';
  const stateName = context.stateName || state;
  const county = context.county ?? '';
  const applied = contextCues(description, state, county, stateName);
  const cues = applied.map((c) => ({
    id: c.cue.id,
    note: c.cue.note,
    source: c.source,
    matched: c.matched,
    strength: c.strength,
  }));
  const enough = view.points.L.length >= 400;
  const fallback = view.groundShare < FALLBACK_GROUND_SHARE || !enough;
  let palette: Swatch[];
  let meanL: number;
  let stdL: number;
  let prior: string | undefined;
  if (!fallback) {
    // The typical palette drops no horizon colour: the ground G2/G3 are judged on includes those
    // pixels, and the other colours stand for a clustering with one colour fewer, which they do
    // not. Sky the mask's cells hold on the horizon is left out of the ground itself (groundView).
    palette =
      context.palette === 'greedy'
        ? dropSkyEdges(robustPalette(view.points), view.sky)
        : groundPalette(view.points, groundView(photo, SETTLE_PIXELS, view.sky).points);
    ({ mean: meanL, std: stdL } = meanStd(view.points.L));
  } else {
    // Almost nothing but sky: what ground there is (if any) for half, the biome prior for the rest.
    const p = biomePrior(applied);
    prior = p.id;
    // In a thin strip of ground, the horizon's mixed pixels weigh more: residues up to 35 %.
    const own = enough ? dropSkyEdges(robustPalette(view.points, 3), view.sky, 0.35, 1) : [];
    const ownWeight = own.length ? 0.5 : 0;
    palette = [
      ...own.map((s) => ({ ...s, share: s.share * ownWeight })),
      ...p.colours.map(([hex, share]) => {
        const [r, g, b] = hexToRgb(hex);
        const lab = quantiseLab(rgbToLab(r, g, b));
        return { hex: rgbToHex(labToRgb(lab)), name: colourName(lab), lab, share: share * (1 - ownWeight) };
      }),
    ].sort((x, y) => y.share - x.share);
    const tot = palette.reduce((s, e) => s + e.share, 0) || 1;
    meanL = palette.reduce((s, e) => s + e.lab.L * e.share, 0) / tot;
    stdL = Math.sqrt(palette.reduce((s, e) => s + e.share * (e.lab.L - meanL) ** 2, 0) / tot);
  }
  const texture = textureStats(view.grid, view.groundGrid);
  return {
    width: photo.width,
    height: photo.height,
    palette,
    ground: {
      skyShare: view.sky.skyShare,
      waterShare: view.sky.waterShare,
      groundShare: view.groundShare,
      fallback,
      ...(prior ? { prior } : {}),
    },
    meanL,
    stdL,
    texture: { ...texture, spectralSlope: groundSlope(photo, view.sky) },
    cues,
    context: { description, state, stateName, county },
  };
}

function textureStats(
  grid: { width: number; height: number; L: Float32Array },
  ground: Uint8Array,
): Omit<TextureStats, 'spectralSlope'> {
  const { width: w, height: h, L: d } = grid;
  let strong = 0;
  let jxx = 0;
  let jyy = 0;
  let jxy = 0;
  let count = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      if (!ground[i] || !ground[i - w - 1] || !ground[i + w + 1] || !ground[i - w + 1] || !ground[i + w - 1])
        continue;
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
