/**
 * Builds the complete recipe of one design from a photo analysis (buildRecipe): the shape from
 * the photo's slope and cues, the layers ground first with their fine detail layers, the warp
 * and the overlays the toggles ask for, over the palette of ./palette.ts; a recipe's id, and the
 * parts of the analysis a recipe keeps for an edit.
 */
import type { PhotoAnalysis } from '../analysis/analyse.js';
import { CUES } from '../analysis/context.js';
import { fnv1a64, mulberry32 } from '../metrics/prng.js';
import type { DesignToggles } from '../types.js';
import {
  applyPaletteToggles,
  basePalette,
  darkestIndex,
  lightestIndex,
  lineColourFor,
  weightedMeanL,
} from './palette.js';
import type { DesignStyle, LayerSpec, Overlays, PaletteEntry, Recipe, ShapeParams } from './recipe-types.js';

/** Below this Hurst exponent (photo slope above about -1.95) the digital style uses finer cells. */
const DIGITAL_FINE_HURST = 0.4;

/** Cycles per tile of each layer's coarsest octave, ground first; smaller shares get finer shapes. */
const ORGANIC_PERIODS = [0, 3, 4, 5, 7, 9, 12];
const DIGITAL_PERIODS = [0, 3, 4, 5, 7, 9, 12];

/**
 * The Hurst exponent that makes a flat-colour pattern's spectrum follow the photo's. Level sets
 * of fractional Brownian surfaces have boundaries of dimension 2 - H, whose power spectrum falls
 * off as k^-(2 + H); the 0.35 offset is the measured bias of our thresholded, multi-layer fields.
 */
export function hurstForSlope(slope: number): number {
  return Math.max(0.05, Math.min(1, -slope - 2 + 0.35));
}

export function baseShape(analysis: PhotoAnalysis): ShapeParams {
  const p: ShapeParams = {
    scale: 1,
    stretch: 1,
    hurst: hurstForSlope(analysis.texture.spectralSlope),
    warp: 0.1,
    angular: false,
  };
  for (const c of analysis.cues) {
    const cue = CUES.find((x) => x.id === c.id);
    if (!cue) continue;
    const s = c.strength;
    if (cue.scale) p.scale *= Math.pow(cue.scale, s);
    if (cue.stretch) p.stretch *= Math.pow(cue.stretch, s);
    if (cue.rough) p.hurst = Math.max(0.05, Math.min(1, p.hurst + cue.rough * s));
    if (cue.angular && s >= 0.6) p.angular = true;
  }
  // Strongly oriented photos (reeds, trunks) pass their direction on.
  const t = analysis.texture;
  if (t.orientationStrength > 0.25) {
    const vertical = t.orientationDeg > 60;
    const horizontal = t.orientationDeg < 30;
    const k = 1 + Math.min(0.6, t.orientationStrength);
    if (vertical) p.stretch *= k;
    else if (horizontal) p.stretch /= k;
  }
  return p;
}

export interface BuildInput {
  analysis: PhotoAnalysis;
  style: DesignStyle;
  toggles: DesignToggles;
  seed: number;
  /** Shape and palette state to start from (edits pass the previous one). */
  shape?: ShapeParams;
  palette?: PaletteEntry[];
  edits?: string[];
  /** Digital style: cells per tile side (default: 256 on rough photos, else 128). */
  cells?: number;
  /** Digital style: share of grain cells (Recipe.grain); default none. */
  grain?: number;
}

/** The overlays (dots, lines, leaves and branches) the toggles ask for; draws seeds from `rand` (dots, then objects). */
export function overlaysFor(
  palette: readonly PaletteEntry[],
  layers: readonly LayerSpec[],
  toggles: DesignToggles,
  style: DesignStyle,
  lineColour: number,
  rand: () => number,
): Overlays {
  const overlays: Overlays = {};
  const digital = style === 'digital';
  if (toggles.contourLines)
    overlays.contours = { colour: lineColour, levels: 7, halfWidth: digital ? 0.0035 : 0.0013 };
  if (toggles.outlineStrokes)
    overlays.outlines = { colour: lineColour, halfWidth: digital ? 0.0035 : 0.0022 };
  if (toggles.speckledDots) {
    const ground = palette[layers[0]?.colour ?? 0];
    const groundL = ground?.lab.L ?? 50;
    const mean = weightedMeanL(palette);
    const dotColour = groundL >= mean ? darkestIndex(palette) : lightestIndex(palette);
    overlays.dots = {
      colour: dotColour,
      count: digital ? 1000 : 1400,
      radius: digital ? 0.0045 : 0.0032,
      seed: Math.floor(rand() * 1e9),
    };
  }
  if (toggles.organicObjects) {
    const byL = palette.map((e, i) => ({ L: e.lab.L, i })).sort((a, b) => a.L - b.L);
    const leafColours = byL.slice(1, Math.max(2, byL.length - 1)).map((x) => x.i);
    overlays.objects = {
      leafColours,
      leafWeights: leafColours.map((i) => palette[i]?.share ?? 0),
      branchColour: byL[0]?.i ?? 0,
      leaves: 320,
      branches: 12,
      size: 0.085,
      seed: Math.floor(rand() * 1e9),
    };
  }

  return overlays;
}

/** Builds a complete recipe for one design. */
export function buildRecipe(input: BuildInput): Recipe {
  const { analysis, style, toggles, seed } = input;
  const baseParams = { ...(input.shape ?? baseShape(analysis)) };
  // Toggles adjust a copy; the recipe keeps the base so that edits can rebuild without compounding.
  const shape = { ...baseParams };
  if (toggles.blobs) {
    shape.scale *= 1.7;
    shape.hurst = Math.min(1, shape.hurst + 0.45);
    shape.warp *= 1.5;
  }
  const palette = input.palette
    ? input.palette.map((e) => ({ ...e, lab: { ...e.lab } }))
    : applyPaletteToggles(basePalette(analysis), toggles);

  const lineColour = lineColourFor(palette, toggles);

  // Ground = largest share (or the open light colour with whiteSpace); then larger shares first.
  const order = palette
    .map((e, i) => ({ e, i }))
    .filter(({ e }) => e.share > 0)
    .sort((a, b) => {
      if (toggles.whiteSpace) {
        if (a.e.role === 'light') return -1;
        if (b.e.role === 'light') return 1;
      }
      return b.e.share - a.e.share;
    });
  // A fine 'detail' layer re-uses a mid colour at a small scale: the small patches that let the
  // pattern work up close (G6) and carry the photo's fine texture (G4). Its area comes out of that
  // colour's main layer, so colour shares are unchanged.
  // blobs wants calm, large shapes: a quarter of the fine detail (G6 may drop; see the README).
  const detail = detailLayerFor(
    order.map((o) => o.e),
    shape.hurst,
  ).map((d) => (toggles.blobs ? { ...d, share: d.share * 0.25 } : d));
  const rand = mulberry32(seed);
  const periods = style === 'digital' ? DIGITAL_PERIODS : ORGANIC_PERIODS;
  const persistence = Math.pow(2, -shape.hurst);
  // Smooth (high-H) photos get no very fine octaves: their boundaries stay clean, the spectrum steep.
  // Rough ground has power down to the finest scales; 8-pixel cells cannot carry it and make
  // the digital style far steeper than the photo (G4), so rough photos get 4-pixel cells, whose
  // fields go one octave finer.
  const cells = input.cells ?? (style === 'digital' && shape.hurst < DIGITAL_FINE_HURST ? 256 : 128);
  const maxPeriod =
    style === 'digital' ? (cells >= 256 ? 128 : 64) : shape.hurst > 0.8 ? 64 : shape.hurst > 0.5 ? 128 : 256;
  // Strong elongation lines edges up with the vertical axis; the organic style keeps it moderate
  // so that it still reads as organic (G7), the digital style may go further.
  shape.stretch = shape.strokes
    ? Math.max(0.4, Math.min(2.5, shape.stretch))
    : style === 'digital'
      ? Math.max(0.5, Math.min(2, shape.stretch))
      : Math.max(0.7, Math.min(1.45, shape.stretch));
  const layers: LayerSpec[] = order.map(({ e, i }, k) => {
    const base = (periods[Math.min(k, periods.length - 1)] ?? 12) / shape.scale;
    const sx = Math.sqrt(shape.stretch);
    const px = Math.max(1, Math.round(base * sx));
    const py = Math.max(1, Math.round(base / sx));
    let octaves = 0;
    while (Math.max(px, py) << octaves <= maxPeriod) octaves++;
    return {
      colour: i,
      share: e.share,
      periodX: px,
      periodY: py,
      octaves: Math.max(1, octaves),
      persistence,
      seed: Math.floor(rand() * 1e9),
      // geometricShapes turns every shape layer into straight-edged shards; the 'angular' cue
      // (rock, red rock, urban) only one of them.
      shards: k >= 1 && (toggles.geometricShapes || (shape.angular && k === 2)),
    };
  });

  for (const d of detail) {
    const host = layers[d.host];
    if (!host) continue;
    const inside = d.within === undefined ? undefined : layers[d.within];
    // A confined speck takes its area from the colour it sits in; the speck colour's own main
    // layer shrinks and the host's grows by the same amount, so colour shares are unchanged.
    const share = Math.min(host.share * (inside ? 1 : 0.5), inside ? inside.share * 0.5 : Infinity, d.share);
    host.share -= share;
    if (inside && d.within !== 0) inside.share += share;
    const fine = Math.max(0, Math.min(1, (shape.hurst - 0.5) * 2));
    const base = Math.min(
      maxPeriod,
      ((style === 'digital' ? 34 - 6 * fine : 40 - 12 * fine) / Math.sqrt(shape.scale)) *
        (inside ? TONE_SPECK_FINENESS : 1),
    );
    let octaves = 0;
    while (Math.round(base) << octaves <= maxPeriod) octaves++;
    const layer: LayerSpec = {
      colour: host.colour,
      share,
      periodX: Math.max(1, Math.min(maxPeriod, Math.round(base * Math.sqrt(shape.stretch)))),
      periodY: Math.max(1, Math.min(maxPeriod, Math.round(base / Math.sqrt(shape.stretch)))),
      octaves: Math.max(1, octaves),
      persistence: Math.pow(2, -Math.min(1, shape.hurst + 0.2)),
      seed: Math.floor(rand() * 1e9),
      shards: false,
    };
    if (inside) layer.within = inside.colour;
    layers.push(layer);
  }

  const digital = style === 'digital';
  const overlays = overlaysFor(palette, layers, toggles, style, lineColour, rand);

  const recipe: Recipe = {
    kind: 'camo-engine/recipe',
    version: 1,
    id: '',
    style,
    seed,
    palette,
    layers,
    warp: { amount: digital ? shape.warp * 0.5 : shape.warp, period: 3, seed: Math.floor(rand() * 1e9) },
    cells,
    ...(digital && input.grain
      ? { grain: { share: input.grain, reach: 2.5, seed: Math.floor(rand() * 1e9) } }
      : {}),
    shardSites: toggles.geometricShapes ? 7 : 11,
    overlays,
    toggles: { ...toggles },
    // The state's name is for the texts only: the recipe, and so its id, keep the code.
    context: {
      description: analysis.context.description,
      state: analysis.context.state,
      county: analysis.context.county,
    },
    photo: { slope: analysis.texture.spectralSlope, meanL: analysis.meanL, stdL: analysis.stdL },
    edits: input.edits ?? [],
    shape: baseParams,
    origin: { x: 0, y: 0 },
  };
  recipe.id = recipeId(recipe);
  return recipe;
}

/**
 * Which layers lend their colours to the two detail layers, and how much area each gets: rough
 * photos (low Hurst exponent) get more fine detail, smooth or blurred ones less. Indices are into
 * `ordered` (= layer indices).
 */
/** Tone-on-tone specks are this much finer than contrasting detail: small, so few are needed. */
const TONE_SPECK_FINENESS = 2.5;
/** Area of the tone-on-tone specks on smooth photos: enough small patches for G6's 5 % tail. */
const SMOOTH_SPECK_SHARE = 0.1;

function detailLayerFor(
  ordered: readonly PaletteEntry[],
  hurst: number,
): { host: number; share: number; within?: number }[] {
  if (ordered.length < 3) return [];
  const share = 0.06 + 0.03 * (1 - hurst);
  if (hurst > 0.6) {
    // Smooth or blurred scenes: tone-on-tone specks, each confined to the colour nearest to it in
    // lightness. They give the small patches of G6 (and read as texture up close) while adding
    // little fine L* contrast, which would flatten a spectrum that the photo does not have (G4).
    // The closest pair may turn all of its speck colour into specks; a second pair tops up.
    const pairs: { host: number; within: number; dL: number }[] = [];
    ordered.forEach((x, i) =>
      ordered.forEach((y, j) => {
        if (i !== j && y.share >= 0.1) pairs.push({ host: i, within: j, dL: Math.abs(x.lab.L - y.lab.L) });
      }),
    );
    pairs.sort((a, b) => a.dL - b.dL || a.host - b.host || a.within - b.within);
    let left = SMOOTH_SPECK_SHARE;
    const out: { host: number; share: number; within: number }[] = [];
    for (const p of pairs) {
      if (out.some((o) => o.host === p.host || (o.host === p.within && o.within === p.host))) continue;
      const take = Math.min(left, 0.9 * (ordered[p.host]?.share ?? 0), 0.5 * (ordered[p.within]?.share ?? 0));
      if (take < 0.01) continue;
      out.push({ host: p.host, share: take, within: p.within });
      left -= take;
      if (left < 0.01 || out.length === 2) break;
    }
    return out;
  }
  // Busy scenes: speckles in the darkest and lightest tones carry the fine texture.
  const others = ordered.map((e, i) => ({ i, L: e.lab.L })).slice(1);
  others.sort((a, b) => a.L - b.L);
  const last = others[others.length - 1];
  if (last && others.length > 1) others.splice(1, 0, ...others.splice(others.length - 1, 1));
  return others.slice(0, 2).map((o) => ({ host: o.i, share }));
}

export function recipeId(recipe: Recipe): string {
  const { id: _id, ...rest } = recipe;
  return 'rcp_' + fnv1a64(JSON.stringify(rest));
}

/** The parts of a photo analysis a recipe keeps, enough to rebuild it after an edit. */
export function analysisFromRecipe(recipe: Recipe): PhotoAnalysis {
  return {
    width: 0,
    height: 0,
    palette: [],
    ground: { skyShare: 0, waterShare: 0, groundShare: 1, fallback: false },
    meanL: recipe.photo.meanL,
    stdL: recipe.photo.stdL,
    texture: { spectralSlope: recipe.photo.slope, edgeDensity: 0, orientationDeg: 0, orientationStrength: 0 },
    cues: [],
    context: { ...recipe.context, stateName: recipe.context.state },
  };
}
