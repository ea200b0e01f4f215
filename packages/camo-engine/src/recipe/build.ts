import type { PhotoAnalysis } from '../analysis/analyse.js';
import { CUES } from '../analysis/context.js';
import { hexToRgb, labToRgb, quantiseLab, rgbToHex, rgbToLab, type Lab } from '../color/lab.js';
import { colourName } from '../color/names.js';
import { ciede2000 } from '../metrics/ciede2000.js';
import { fnv1a64, mulberry32 } from '../metrics/prng.js';
import type { DesignToggles } from '../types.js';
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

export function entry(lab: Lab, share: number, role: PaletteEntry['role']): PaletteEntry {
  const q = quantiseLab(lab);
  return { hex: rgbToHex(labToRgb(q)), name: colourName(q), lab: q, share, role };
}

export function weightedMeanL(p: readonly PaletteEntry[]): number {
  const tot = p.reduce((s, e) => s + e.share, 0) || 1;
  return p.reduce((s, e) => s + e.lab.L * e.share, 0) / tot;
}

export function weightedStdL(p: readonly PaletteEntry[]): number {
  const m = weightedMeanL(p);
  const tot = p.reduce((s, e) => s + e.share, 0) || 1;
  return Math.sqrt(p.reduce((s, e) => s + e.share * (e.lab.L - m) ** 2, 0) / tot);
}

export function normaliseShares(p: PaletteEntry[]): void {
  const tot = p.reduce((s, e) => s + e.share, 0) || 1;
  for (const e of p) e.share /= tot;
}

/** The photo palette with context cues applied (a favoured colour's share rises by up to 25 %). */
export function basePalette(analysis: PhotoAnalysis): PaletteEntry[] {
  const kept = analysis.palette.filter((s) => s.share >= 0.01);
  const palette = kept.map((s) => entry(s.lab, s.share, 'photo'));
  const distinct = kept.map((s) => !!s.distinct);
  const photoShares = palette.map((e) => e.share);
  for (const c of analysis.cues) {
    const cue = CUES.find((x) => x.id === c.id);
    if (!cue?.favour) continue;
    const [r, g, b] = hexToRgb(cue.favour);
    const target = rgbToLab(r, g, b);
    let best: PaletteEntry | undefined;
    let bestD = 25;
    for (const e of palette) {
      const d = ciede2000(e.lab, target);
      if (d < bestD) {
        bestD = d;
        best = e;
      }
    }
    if (best) best.share *= 1 + 0.25 * c.strength;
  }
  normaliseShares(palette);
  // Cues together may move at most 4 % of the area away from the photo's proportions (G3).
  const tv = 0.5 * palette.reduce((s, e, i) => s + Math.abs(e.share - (photoShares[i] ?? 0)), 0);
  if (tv > 0.04) {
    const k = 0.04 / tv;
    palette.forEach((e, i) => (e.share = (photoShares[i] ?? 0) + k * (e.share - (photoShares[i] ?? 0))));
  }
  // Quantising the photo to a few colours loses the spread inside each cluster; a small share of
  // a deeper shadow tone restores the photo's L* spread (G3) and gives the pattern depth.
  const photoStd = analysis.stdL;
  // A distinct colour (analyse.ts) is, like a shadow tone, far from the coarser clusterings'
  // centres; G2 allows one such colour, so with a distinct colour the shadow is added only when
  // the L* spread would otherwise fall short of G3's bound.
  const hasDistinct = distinct.some(Boolean);
  if (hasDistinct && weightedStdL(palette) < 0.86 * photoStd) {
    // Both would be needed: the shadow tone wins (G3); the other colours go back to their k = 5
    // shares.
    for (let i = palette.length - 1; i >= 0; i--) if (distinct[i]) palette.splice(i, 1);
    const keptBase = kept.filter((s) => !s.distinct);
    palette.forEach((e, i) => (e.share = keptBase[i]?.baseShare ?? e.share));
    normaliseShares(palette);
  }
  const wantShadow = weightedStdL(palette) < (hasDistinct ? 0.86 : 0.9) * photoStd;
  if (wantShadow && palette.length < 7) {
    const darkest = palette.reduce((a, b) => (b.lab.L < a.lab.L ? b : a));
    const shadow = entry(
      { L: Math.max(3, darkest.lab.L - 12), a: darkest.lab.a * 0.8, b: darkest.lab.b * 0.8 },
      0,
      'shadow',
    );
    let share = 0;
    const meanBefore = weightedMeanL(palette);
    for (
      let step = 0;
      step < 12 && weightedStdL([...palette, { ...shadow, share }]) < 0.92 * photoStd;
      step++
    ) {
      share += 0.01;
    }
    shadow.share = share;
    darkest.share = Math.max(0.01, darkest.share - share * 0.6);
    // Keep the mean L*: give the rest of the shadow's area back from the lightest colour.
    const lightest = palette.reduce((a, b) => (b.lab.L > a.lab.L ? b : a));
    lightest.share = Math.max(0.01, lightest.share - share * 0.4);
    palette.push(shadow);
    normaliseShares(palette);
    const drift = weightedMeanL(palette) - meanBefore;
    if (Math.abs(drift) > 1) {
      lightest.share += (drift < 0 ? 1 : -1) * Math.min(0.03, Math.abs(drift) / 100);
      normaliseShares(palette);
    }
  }
  return palette;
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

function darkestIndex(p: readonly PaletteEntry[]): number {
  let k = 0;
  p.forEach((e, i) => {
    if (e.lab.L < (p[k]?.lab.L ?? Infinity)) k = i;
  });
  return k;
}

function lightestIndex(p: readonly PaletteEntry[]): number {
  let k = 0;
  p.forEach((e, i) => {
    if (e.lab.L > (p[k]?.lab.L ?? -Infinity)) k = i;
  });
  return k;
}

/** Merges a palette down to `k` colours (share-weighted k-means on the swatches, deterministic). */
export function mergePalette(p: PaletteEntry[], k: number): PaletteEntry[] {
  let groups = p.map((e) => [e]);
  while (groups.length > k) {
    let bi = 0;
    let bj = 1;
    let bd = Infinity;
    for (let i = 0; i < groups.length; i++) {
      for (let j = i + 1; j < groups.length; j++) {
        const a = mergeGroup(groups[i] ?? []);
        const b = mergeGroup(groups[j] ?? []);
        // Ward-like cost: merging two big, distant colours costs most.
        const d = (ciede2000(a.lab, b.lab) * (a.share * b.share)) / (a.share + b.share);
        if (d < bd) {
          bd = d;
          bi = i;
          bj = j;
        }
      }
    }
    const merged = [...(groups[bi] ?? []), ...(groups[bj] ?? [])];
    groups = groups.filter((_, i) => i !== bi && i !== bj);
    groups.push(merged);
  }
  return groups.map(mergeGroup).sort((a, b) => b.share - a.share);
}

function mergeGroup(g: PaletteEntry[]): PaletteEntry {
  const share = g.reduce((s, e) => s + e.share, 0) || 1e-9;
  const lab = {
    L: g.reduce((s, e) => s + e.lab.L * e.share, 0) / share,
    a: g.reduce((s, e) => s + e.lab.a * e.share, 0) / share,
    b: g.reduce((s, e) => s + e.lab.b * e.share, 0) / share,
  };
  return entry(lab, share, g.length === 1 ? (g[0]?.role ?? 'photo') : 'photo');
}

export function applyPaletteToggles(palette: PaletteEntry[], toggles: DesignToggles): PaletteEntry[] {
  let p = palette.map((e) => ({ ...e, lab: { ...e.lab } }));
  if (toggles.limitedPalette) p = mergePalette(p, 3);
  if (toggles.highContrast) {
    const m = weightedMeanL(p);
    p = p.map((e) =>
      entry(
        { L: Math.max(3, Math.min(97, m + (e.lab.L - m) * 1.5)), a: e.lab.a * 1.1, b: e.lab.b * 1.1 },
        e.share,
        e.role,
      ),
    );
  }
  if (toggles.whiteSpace) {
    const li = lightestIndex(p);
    const light = p[li];
    if (light) {
      const L = Math.min(94, Math.max(light.lab.L + 14, 80));
      p[li] = entry({ L, a: light.lab.a * 0.5, b: light.lab.b * 0.5 }, Math.max(light.share, 0.4), 'light');
      const rest = p.reduce((s, e, i) => (i === li ? s : s + e.share), 0);
      const target = 1 - (p[li]?.share ?? 0.4);
      p.forEach((e, i) => {
        if (i !== li) e.share = (e.share / (rest || 1)) * target;
      });
    }
  }
  normaliseShares(p);
  return p;
}

/**
 * The colour that contour lines and outlines are drawn in: a new shadow tone darker than the
 * darkest colour, added to `palette`, when lines are wanted and there is room for one; else the
 * darkest colour.
 */
export function lineColourFor(palette: PaletteEntry[], toggles: DesignToggles): number {
  const wantsLine = toggles.contourLines || toggles.outlineStrokes;
  let lineColour = darkestIndex(palette);
  if (wantsLine && palette.length < 7 && !toggles.limitedPalette) {
    const d = palette[lineColour];
    if (d && d.role !== 'shadow') {
      palette.push(entry({ L: Math.max(3, d.lab.L - 14), a: d.lab.a * 0.7, b: d.lab.b * 0.7 }, 0, 'shadow'));
      lineColour = palette.length - 1;
    }
  }
  return lineColour;
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
