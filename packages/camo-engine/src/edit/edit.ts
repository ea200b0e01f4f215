/**
 * An edit of a design in plain words: the request read into operations (./parse.ts), made on the
 * recipe (./apply.ts) and rendered; a request that maps to no change is refused with suggestion
 * codes (./suggestions.ts).
 */
import { DESIGN_SIZE } from '../generate.js';
import type { Recipe } from '../recipe/recipe-types.js';
import { encodeIndexedPng } from '../render/png.js';
import { renderIndices } from '../render/render.js';
import { applyEdit } from './apply.js';
import { parseEdit } from './parse.js';
import { EditNotUnderstoodError, suggestEdits } from './suggestions.js';

export interface EditResult {
  recipe: Recipe;
  /** 1024 x 1024 indexed PNG of the edited design. */
  png: Uint8Array;
  /** What was changed, in words. */
  summary: string;
}

/**
 * Applies a plain-language edit to a recipe and re-renders it. The layout is kept: the edit works
 * on the recipe's own layers (the same fields, seeds and cut; src/edit/recipe-ops.ts), changing
 * only what the request names. Only brush strokes and stripes redraw the fields. Throws
 * EditNotUnderstoodError when the request maps to no change.
 */
export function edit(recipe: Recipe, text: string): EditResult {
  const ops = parseEdit(text);
  if (ops.length === 0) throw new EditNotUnderstoodError('no-change-found', suggestEdits(text));
  const { recipe: r, grids, done, notDone, noopCodes } = applyEdit(recipe, text, ops);
  if (done.length === 0)
    throw new EditNotUnderstoodError('would-change-nothing', suggestEdits(text, noopCodes));
  return {
    recipe: r,
    png: encodeIndexedPng(renderIndices(r, DESIGN_SIZE, grids ? { grids } : {})),
    summary: done.join('; ') + (notDone.length ? ` (not done: ${notDone.join('; ')})` : ''),
  };
}
