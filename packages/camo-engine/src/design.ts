/**
 * A design as generate() gives it: the tile's size, its ids and texts (the prompt and the
 * Markdown analysis, ./text/describe.ts) with its PNG (designFromRecipe), and a recipe rendered
 * again at any size up to the export limit (render()).
 */
import type { PhotoAnalysis } from './analysis/analyse.js';
import type { GeneratedDesign } from './generate-types.js';
import { fnv1a64 } from './metrics/prng.js';
import type { Recipe } from './recipe/recipe-types.js';
import { encodeIndexedPng } from './render/png.js';
import { renderIndices, type RenderOptions } from './render/render.js';
import { markdownAnalysis, recipePrompt } from './text/describe.js';

/** The default tile size of a generated design. */
export const DESIGN_SIZE = 1024;
/** The largest export render() accepts. */
export const MAX_EXPORT_SIZE = 4096;

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

/** Re-renders a recipe as a size x size indexed PNG (16..4096). */
export function render(recipe: Recipe, size: number = DESIGN_SIZE, opts: RenderOptions = {}): Uint8Array {
  if (size > MAX_EXPORT_SIZE)
    throw new RangeError(`size ${size} exceeds the ${MAX_EXPORT_SIZE} export limit`);
  return encodeIndexedPng(renderIndices(recipe, size, opts));
}
