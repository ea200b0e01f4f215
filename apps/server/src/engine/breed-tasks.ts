import { analyse, breed, DESIGN_SIZE, render, type PhotoAnalysis, type Recipe } from '@camo/camo-engine';

/**
 * The engine's task for breeding grounds (decision 038): a child of two designs of a ground's
 * photo, drawn and held to the targets. Runs on the engine's threads like engine.worker.ts's
 * tasks, which lists it. Founders and controls are the engine's own designs (the generate task).
 */

export interface BreedTask {
  /** The ground's id: a thread analyses its photo once for a generation's children. */
  groundId: string;
  rgb: Uint8Array;
  width: number;
  height: number;
  description: string;
  state: string;
  stateName: string;
  county: string;
  parents: readonly [Recipe, Recipe];
  seed: number;
}

/** The last grounds' photo analyses on this thread. */
const analyses = new Map<string, PhotoAnalysis>();
const ANALYSES_KEPT = 2;

function analysisOf(task: BreedTask): PhotoAnalysis {
  const known = analyses.get(task.groundId);
  if (known) return known;
  const analysis = analyse(
    { width: task.width, height: task.height, data: task.rgb },
    { description: task.description, state: task.state, stateName: task.stateName, county: task.county },
  );
  if (analyses.size >= ANALYSES_KEPT) analyses.delete(analyses.keys().next().value!);
  analyses.set(task.groundId, analysis);
  return analysis;
}

/** A child's recipe, its image at the designs' size, and the targets it still misses (none, mostly). */
export function breedTask(task: BreedTask): { png: Uint8Array; recipe: Recipe; missed: string[] } {
  const child = breed(task.parents[0], task.parents[1], analysisOf(task), task.seed);
  return { png: render(child.recipe, DESIGN_SIZE), recipe: child.recipe, missed: child.missed };
}
