import { analyse, type AnalyseContext, type PhotoAnalysis } from './analysis/analyse.js';

import { rgbToLab } from './color/lab.js';
import { fnv1a64 } from './metrics/prng.js';
import { patchSizeSpan } from './metrics/components.js';
import { axisEnergyShare } from './metrics/orientation.js';
import { spectralSlope } from './metrics/spectrum.js';
import { buildRecipe, recipeId } from './recipe/build.js';
import type { DesignStyle, Recipe, ShapeParams } from './recipe/recipe-types.js';
import { encodeIndexedPng } from './render/png.js';
import {
  renderIndices,
  rollTile,
  typicalCut,
  type RenderOptions,
  type RenderReuse,
  type RenderedTile,
} from './render/render.js';
import { markdownAnalysis, recipePrompt } from './text/describe.js';
import { normaliseToggles, type DesignToggles, type Photo } from './types.js';

/** The default tile size of a generated design. */
export const DESIGN_SIZE = 1024;
/** The largest export render() accepts. */
export const MAX_EXPORT_SIZE = 4096;

export interface GenerateInput {
  photo: Photo;
  description?: string;
  /** The two-letter code of a US state. */
  state?: string;
  /** The state's name, for the texts (the engine keeps no list of names; default: the code). */
  stateName?: string;
  county?: string;
  toggles?: Partial<DesignToggles> | null;
  seed?: number;
}

export interface GeneratedDesign {
  /** 'A' or 'B'. */
  variant: 'A' | 'B';
  style: DesignStyle;
  designId: string;
  promptId: string;
  prompt: string;
  markdownAnalysis: string;
  /** 1024 x 1024 indexed PNG bytes (transferable). */
  png: Uint8Array;
  /** Plain JSON; `recipe.id` is the reference a later edit builds on. */
  recipe: Recipe;
}

export interface GenerateResult {
  analysis: PhotoAnalysis;
  designs: [GeneratedDesign, GeneratedDesign];
}

/** Options of generateVariant. */
export interface VariantOptions {
  /**
   * Layer fields of the variant's first recipe (firstRecipe()) at DESIGN_SIZE, some or all,
   * computed elsewhere (layerGrids() on another thread); see RenderOptions.grids.
   */
  firstGrids?: readonly Float32Array[];
  /** Warped positions already computed for the first recipe (by layerGrids with this reuse). */
  reuse?: RenderReuse;
}

/** The recipe a variant's design renders first (before any G4 feedback retry). */
export function firstRecipe(input: GenerateInput, variant: 'A' | 'B', analysis: PhotoAnalysis): Recipe {
  const seed = (input.seed ?? 1) >>> 0;
  return buildRecipe({
    analysis,
    style: variantStyle(variant),
    toggles: normaliseToggles(input.toggles ?? undefined),
    seed: recipeSeedOf(seed, variant),
  });
}

const variantStyle = (variant: 'A' | 'B'): DesignStyle => (variant === 'A' ? 'organic' : 'digital');
const recipeSeedOf = (seed: number, variant: 'A' | 'B'): number =>
  (seed * 2 + (variant === 'A' ? 0 : 1)) >>> 0;

function design(
  analysis: PhotoAnalysis,
  variant: 'A' | 'B',
  toggles: DesignToggles,
  seed: number,
  opts: VariantOptions,
): GeneratedDesign {
  const style = variantStyle(variant);
  const recipeSeed = recipeSeedOf(seed, variant);
  const first = buildRecipe({ analysis, style, toggles, seed: recipeSeed });
  // The retries below change only the shape scale, so they share the first render's warp.
  const reuse: RenderReuse = opts.reuse ?? {};
  let best = cutOpen(
    first,
    renderIndices(first, DESIGN_SIZE, { reuse, ...(opts.firstGrids ? { grids: opts.firstGrids } : {}) }),
  );
  // G4 feedback: the design's spectral slope, measured as the spec measures it (the centred crop
  // of the final, cut-open tile), is compared with the photo's. If it is far off, a larger and a
  // smaller shape scale are tried (in that fixed order, so the result stays deterministic) and the
  // closest of the three is kept. The slope is not monotonic in the scale (a larger scale steepens
  // the outlines but also moves the coarse shapes' knee out of the fitted band), hence both.
  const target = analysis.texture.spectralSlope;
  const digital = style === 'digital';
  // blobs trades G6 away on purpose (README): no patch-size penalty then.
  const checkSpan = !toggles.blobs;
  // A render's error: its slope's distance from the photo's (G4), plus a penalty when its patch
  // sizes span fewer than G6_MARGIN decades (G6; the digital style's cells set a floor on the
  // smallest patches, and a small or smooth photo can leave the organic style short too).
  // Straight-edged shards (the angular cue of rock and urban photos) can line up with the axes:
  // the organic style then also pays when its axis share nears G7's 0.35.
  const checkAxis = !digital && first.layers.some((l) => l.shards) && !toggles.geometricShapes;
  const score = (tile: RenderedTile): { err: number; diff: number; span: number } => {
    const diff = tileSlope(tile) - target;
    const span = checkSpan ? patchSizeSpan(tile.index, tile.size, tile.size).span : Infinity;
    const axis = checkAxis ? tileAxisShare(tile) : 0;
    return {
      diff,
      span,
      err:
        Math.abs(diff) +
        (span < G6_MARGIN ? 1 + (G6_MARGIN - span) : 0) +
        (axis > G7_ORGANIC_MARGIN ? 1 + (axis - G7_ORGANIC_MARGIN) * 10 : 0),
    };
  };
  const firstScore = score(best.tile);
  const diff = firstScore.diff;
  let bestErr = firstScore.err;
  if (bestErr > SLOPE_TOLERANCE) {
    const base = first.shape;
    const smallPatches = firstScore.span < G6_MARGIN;
    // The digital style too steep for the photo, or short of small patches: finer cells, then
    // sub-cell grain; a final stronger grain only if still off by more than G4's worst bound.
    const rough = digital && (diff < 0 || smallPatches);
    // A scale retry goes the way the slope should move first; the other way is a hedge (the slope is
    // not monotonic in the scale), rendered only when the first did not bring the design closer.
    const alternatives: {
      shape: ShapeParams;
      cells?: number;
      grain?: number;
      last?: boolean;
      hedge?: boolean;
    }[] = rough
      ? first.cells < 256
        ? [
            { shape: base, cells: 256 },
            { shape: base, cells: 256, grain: 0.3 },
          ]
        : [
            { shape: base, grain: 0.3 },
            { shape: { ...base, hurst: Math.max(0.05, base.hurst - 0.2) }, grain: 0.55 },
            { shape: { ...base, scale: base.scale * 0.4, hurst: 0.05 }, grain: 0.8, last: true },
          ]
      : (diff > 0
          ? [
              { ...base, scale: base.scale * 1.6 },
              { ...base, scale: base.scale * 0.65 },
            ]
          : [
              { ...base, scale: base.scale / 1.5, hurst: Math.max(0.05, base.hurst - 0.2) },
              { ...base, scale: base.scale * 1.4, hurst: Math.max(0.05, base.hurst - 0.2) },
            ]
        ).map((shape, i) => ({ shape, hedge: i > 0 }));
    let improved = false;
    for (const { shape, cells, grain, last, hedge } of alternatives) {
      if (last && bestErr <= G4_WORST) break;
      if (hedge && improved) break;
      const retry = buildRecipe({
        analysis,
        style,
        toggles,
        seed: recipeSeed,
        shape,
        ...(cells ? { cells } : {}),
        ...(grain ? { grain } : {}),
      });
      const cut = cutOpen(retry, renderIndices(retry, DESIGN_SIZE, { reuse }));
      const { err } = score(cut.tile);
      if (err < bestErr) {
        best = cut;
        bestErr = err;
        improved = true;
      }
      if (bestErr <= SLOPE_TOLERANCE) break;
    }
  }
  return designFromRecipe(analysis, variant, best.recipe, encodeIndexedPng(best.tile));
}

/** The G4 feedback retries the shape scale when the slope is further than this from the photo's. */
const SLOPE_TOLERANCE = 0.35;
/** G4's bound on the worst photo. */
const G4_WORST = 0.8;
/** The organic style with shards retries above this axis share (G7 asks at most 0.35). */
const G7_ORGANIC_MARGIN = 0.34;
/** A design retries when its patch sizes span fewer decades than this (G6 asks 2.5). */
const G6_MARGIN = 2.55;

/** Moves a rendered recipe's cut (Recipe.origin) to a typical line. */
function cutOpen(recipe: Recipe, tile: RenderedTile): { recipe: Recipe; tile: RenderedTile } {
  const cut = typicalCut(tile);
  const out: Recipe = { ...recipe, origin: { x: cut.x / DESIGN_SIZE, y: cut.y / DESIGN_SIZE } };
  out.id = recipeId(out);
  return { recipe: out, tile: rollTile(tile, cut.x, cut.y) };
}

/** G7's axis share of a rendered tile. */
function tileAxisShare(tile: RenderedTile): number {
  const lut = tile.palette.map(([r, g, b]) => rgbToLab(r, g, b).L);
  const L = new Float32Array(tile.index.length);
  for (let i = 0; i < L.length; i++) L[i] = lut[tile.index[i] ?? 0] ?? 0;
  return axisEnergyShare({ width: tile.size, height: tile.size, data: L });
}

/** The spectral slope of L* over the tile's centred crop, exactly as the G4 check measures it. */
function tileSlope(tile: RenderedTile): number {
  const lut = tile.palette.map(([r, g, b]) => rgbToLab(r, g, b).L);
  // spectralSlope reads only the centred power-of-two crop (at most 512): convert just that.
  const n = tile.size;
  let side = 1;
  while (side * 2 <= Math.min(n, 512)) side *= 2;
  const x0 = (n - side) >> 1;
  const L = new Float32Array(side * side);
  for (let y = 0; y < side; y++) {
    const src = (x0 + y) * n + x0;
    for (let x = 0; x < side; x++) L[y * side + x] = lut[tile.index[src + x] ?? 0] ?? 0;
  }
  return spectralSlope({ width: side, height: side, data: L });
}

export function designFromRecipe(
  analysis: PhotoAnalysis,
  variant: 'A' | 'B',
  recipe: Recipe,
  png: Uint8Array = render(recipe, DESIGN_SIZE),
): GeneratedDesign {
  const prompt = recipePrompt(recipe, analysis.context.stateName);
  return {
    variant,
    style: recipe.style,
    designId: 'dsn_' + fnv1a64(recipe.id + ':' + variant),
    promptId: 'prm_' + fnv1a64(prompt),
    prompt,
    markdownAnalysis: markdownAnalysis(analysis, recipe, variant),
    png,
    recipe,
  };
}

/**
 * Analyses the photo and draws designs A (organic) and B (digital). Synchronous and free of
 * shared state, so a worker thread can run it; the PNG buffers can be transferred.
 */
export function generate(input: GenerateInput): GenerateResult {
  const analysis = analyseInput(input);
  return {
    analysis,
    designs: [generateVariant(input, 'A', analysis), generateVariant(input, 'B', analysis)],
  };
}

function analyseInput(input: GenerateInput): PhotoAnalysis {
  const ctx: AnalyseContext = {
    description: input.description ?? '',
    state: input.state ?? '',
    stateName: input.stateName ?? '',
    county: input.county ?? '',
  };
  return analyse(input.photo, ctx);
}

/**
 * Draws one design: A (organic) or B (digital), byte-identical to the same variant of
 * generate(). A pipeline that retries one failed design calls this; pass `analysis` to reuse a
 * photo analysis already made for the same input.
 */
export function generateVariant(
  input: GenerateInput,
  variant: 'A' | 'B',
  analysis: PhotoAnalysis = analyseInput(input),
  opts: VariantOptions = {},
): GeneratedDesign {
  const toggles = normaliseToggles(input.toggles ?? undefined);
  const seed = (input.seed ?? 1) >>> 0;
  return design(analysis, variant, toggles, seed, opts);
}

/** Re-renders a recipe as a size x size indexed PNG (16..4096). */
export function render(recipe: Recipe, size: number = DESIGN_SIZE, opts: RenderOptions = {}): Uint8Array {
  if (size > MAX_EXPORT_SIZE)
    throw new RangeError(`size ${size} exceeds the ${MAX_EXPORT_SIZE} export limit`);
  return encodeIndexedPng(renderIndices(recipe, size, opts));
}
