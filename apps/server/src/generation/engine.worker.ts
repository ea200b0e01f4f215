/**
 * Runs in a piscina worker thread: the engine is synchronous and CPU-bound, so it never runs on
 * the server's event loop. Each export is one task; Results are structured-cloned
 * back (a design PNG is a few hundred KB).
 */
import {
  edit,
  EditNotUnderstoodError,
  generateVariant,
  indexRgb,
  measureDesign,
  photoStats,
  render,
  type EditRefusalReason,
  type EditSuggestion,
  type Recipe,
} from '@camo/camo-engine';
import sharp from 'sharp';
import type { EngineMeasures } from '../platform/db/types.js';
import { checkTile, toFlatTile, type TileCheck } from './flat-colours.js';

export interface GenerateTask {
  rgb: Uint8Array;
  width: number;
  height: number;
  description: string;
  state: string;
  county: string;
  toggles: Record<string, boolean>;
  variant: 'A' | 'B';
  seed: number;
}

export interface EngineDesign {
  png: Uint8Array;
  recipe: Recipe;
  designId: string;
  promptId: string;
  prompt: string;
  markdownAnalysis: string;
}

export function generateTask(task: GenerateTask): EngineDesign {
  const design = generateVariant(
    {
      photo: { width: task.width, height: task.height, data: task.rgb },
      description: task.description,
      state: task.state,
      county: task.county,
      toggles: task.toggles,
      seed: task.seed,
    },
    task.variant,
  );
  return {
    png: design.png,
    recipe: design.recipe,
    designId: design.designId,
    promptId: design.promptId,
    prompt: design.prompt,
    markdownAnalysis: design.markdownAnalysis,
  };
}

export type EditOutcome =
  | { ok: true; png: Uint8Array; recipe: Recipe; summary: string }
  | { ok: false; reason: EditRefusalReason; suggestions: EditSuggestion[] };

export function editTask(task: { recipe: Recipe; text: string }): EditOutcome {
  try {
    const result = edit(task.recipe, task.text);
    return { ok: true, png: result.png, recipe: result.recipe, summary: result.summary };
  } catch (error) {
    // Not understood is an answer for the person, not a failure of the worker.
    if (error instanceof EditNotUnderstoodError)
      return { ok: false, reason: error.reason, suggestions: error.suggestions };
    throw error;
  }
}

export function renderTask(task: { recipe: Recipe; size: number }): Uint8Array {
  return render(task.recipe, task.size);
}

/** An outside service's picture made into a flat, seamless tile and checked (flat-colours.ts). */
export async function flatTileTask(task: {
  image: Uint8Array;
}): Promise<{ png: Uint8Array; check: TileCheck }> {
  const png = await toFlatTile(task.image);
  return { png, check: await checkTile(png) };
}

/** The engine's measures of a design image against its photo's ground (hunt insights). */
export async function measureTask(task: {
  rgb: Uint8Array;
  width: number;
  height: number;
  png: Uint8Array;
}): Promise<EngineMeasures> {
  const stats = photoStats({ width: task.width, height: task.height, data: task.rgb });
  const { data, info } = await sharp(task.png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const m = measureDesign(indexRgb(new Uint8Array(data), info.width, info.height, 3), stats);
  return { coverage: m.clusterToDesignWeightedMean, shareTv: m.tvDistance, slopeGap: Math.abs(m.slopeDiff) };
}
