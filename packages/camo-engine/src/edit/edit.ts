import type { Recipe } from '../recipe/recipe-types.js';
export const EDIT_VOCABULARY = '';
export class EditNotUnderstoodError extends Error {}
export interface EditResult { recipe: Recipe; png: Uint8Array; summary: string }
export function edit(recipe: Recipe, _text: string): EditResult { return { recipe, png: new Uint8Array(), summary: '' }; }
