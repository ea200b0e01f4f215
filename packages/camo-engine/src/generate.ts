import { analyse, type AnalyseContext, type PhotoAnalysis } from './analysis/analyse.js';

import { rgbToLab } from './color/lab.js';
import { fnv1a64 } from './metrics/prng.js';
import { spectralSlope } from './metrics/spectrum.js';
import { buildRecipe, recipeId } from './recipe/build.js';
import type { DesignStyle, Recipe } from './recipe/recipe-types.js';
import { encodeIndexedPng } from './render/png.js';
import {
  renderIndices,
  rollTile,
  typicalCut,
  type RenderOptions,
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
  state?: string;
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

function design(
  analysis: PhotoAnalysis,
  variant: 'A' | 'B',
  style: DesignStyle,
  toggles: DesignToggles,
  seed: number,
): GeneratedDesign {
  const recipeSeed = (seed * 2 + (variant === 'A' ? 0 : 1)) >>> 0;
  let recipe = buildRecipe({ analysis, style, toggles, seed: recipeSeed });
  let tile = renderIndices(recipe, DESIGN_SIZE);
  // G4 feedback: if the texture's spectral slope is far from the photo's, change the shape scale
  // once (bigger shapes steepen the spectrum, smaller and rougher ones flatten it) and keep the
  // closer of the two.
  const target = analysis.texture.spectralSlope;
  const diff = tileSlope(tile) - target;
  if (Math.abs(diff) > 0.35) {
    const shape = { ...recipe.shape };
    if (diff > 0) shape.scale *= 1 + Math.min(1, diff);
    else {
      shape.scale /= 1 + Math.min(0.6, -diff / 2);
      shape.hurst = Math.max(0.05, shape.hurst - 0.2);
    }
    const retry = buildRecipe({ analysis, style, toggles, seed: recipeSeed, shape });
    const retryTile = renderIndices(retry, DESIGN_SIZE);
    if (Math.abs(tileSlope(retryTile) - target) < Math.abs(diff)) {
      recipe = retry;
      tile = retryTile;
    }
  }
  const cut = typicalCut(tile);
  const final: Recipe = { ...recipe, origin: { x: cut.x / DESIGN_SIZE, y: cut.y / DESIGN_SIZE } };
  final.id = recipeId(final);
  return designFromRecipe(analysis, variant, final, encodeIndexedPng(rollTile(tile, cut.x, cut.y)));
}

function tileSlope(tile: RenderedTile): number {
  const lut = tile.palette.map(([r, g, b]) => rgbToLab(r, g, b).L);
  const L = new Float32Array(tile.index.length);
  for (let i = 0; i < L.length; i++) L[i] = lut[tile.index[i] ?? 0] ?? 0;
  return spectralSlope({ width: tile.size, height: tile.size, data: L });
}

/**
 * Renders a new recipe, then moves its cut (see Recipe.origin) to a typical line. Rolling the
 * rendered tile gives exactly what rendering with the new origin gives, so this costs one render.
 */
export function withTypicalCut(recipe: Recipe): { recipe: Recipe; tile: RenderedTile } {
  const first = renderIndices(recipe, DESIGN_SIZE);
  const cut = typicalCut(first);
  const out: Recipe = { ...recipe, origin: { x: cut.x / DESIGN_SIZE, y: cut.y / DESIGN_SIZE } };
  out.id = recipeId(out);
  return { recipe: out, tile: rollTile(first, cut.x, cut.y) };
}

export function designFromRecipe(
  analysis: PhotoAnalysis,
  variant: 'A' | 'B',
  recipe: Recipe,
  png: Uint8Array = render(recipe, DESIGN_SIZE),
): GeneratedDesign {
  const prompt = recipePrompt(recipe);
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
  const ctx: AnalyseContext = {
    description: input.description ?? '',
    state: input.state ?? '',
    county: input.county ?? '',
  };
  const analysis = analyse(input.photo, ctx);
  const toggles = normaliseToggles(input.toggles ?? undefined);
  const seed = (input.seed ?? 1) >>> 0;
  return {
    analysis,
    designs: [
      design(analysis, 'A', 'organic', toggles, seed),
      design(analysis, 'B', 'digital', toggles, seed),
    ],
  };
}

/** Re-renders a recipe as a size x size indexed PNG (16..4096). */
export function render(recipe: Recipe, size: number = DESIGN_SIZE, opts: RenderOptions = {}): Uint8Array {
  if (size > MAX_EXPORT_SIZE)
    throw new RangeError(`size ${size} exceeds the ${MAX_EXPORT_SIZE} export limit`);
  return encodeIndexedPng(renderIndices(recipe, size, opts));
}
