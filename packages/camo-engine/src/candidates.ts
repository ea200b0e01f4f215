/**
 * Candidate layouts (issue 27 item 4): a style's recipe drawn with several seeds, each previewed
 * cheaply and scored by the concealment predictor (decision 016) for one observer at one
 * distance, so generate() can keep the layout predicted to hide best in the uploaded photo.
 */
import { DEFAULT_DISTANCE } from '@camo/shared/vocabulary';
import type { PhotoAnalysis } from './analysis/analyse.js';
import { prepareDesign } from './concealment/compose.js';
import { viewGeometry } from './concealment/observers.js';
import {
  DEFAULT_WEIGHTS,
  hunter,
  meanAndError,
  predictConcealmentTable,
  sampleHiding,
  type PreparedPhoto,
} from './concealment/predictor.js';
import { hash4 } from './metrics/prng.js';
import { buildRecipe } from './recipe/build.js';
import type { DesignStyle, HideFrom, Recipe } from './recipe/recipe-types.js';
import { renderIndices } from './render/render.js';
import type { DesignToggles } from './types.js';

/**
 * Candidates per style when the input does not say. Set from docs/benchmarks.md (2026-11-26): with
 * six, analysis plus both 1024 designs stay under G9's 1 s median on two threads.
 */
export const DEFAULT_CANDIDATES = 1;
/** The most candidates an input may ask for (each costs a preview and a prediction). */
export const MAX_CANDIDATES = 16;
/** Candidates are judged at this distance: the pages' default eye's (25 m; @camo/shared/vocabulary). */
export const CHOICE_DISTANCE_M: number = DEFAULT_DISTANCE;
/**
 * The preview's side and field grid. At 25 m a 1.05 m target is 20-35 px tall in a photo of 640-1024
 * px, and one tile (0.75 m) 15-25 px: a 64 px preview is already shrunk by the compositor, and a
 * 64-point field grid costs a sixteenth of the design's own 256-point one. On the sixteen fixtures
 * the candidate kept by this preview scored best at 1024 px too in 28 of 32 style x photo cases
 * (a 128 px preview on a 128 grid: 29 of 32, at 1.4 times the time).
 */
const PREVIEW_SIZE = 64;
/**
 * Samples (place and tile phase) a candidate is judged on: one at each of the nine places, half the
 * figures' eighteen. Every candidate of a photo is judged on the same samples, so their order is a
 * paired comparison (decision 028 checks it against the full set's on photos the engine had not seen).
 */
export const CANDIDATE_SAMPLES = 9;

/** The recipe seed of candidate k of a variant; candidate 0 is the one-candidate engine's seed. */
export function candidateSeed(seed: number, variant: 'A' | 'B', k: number): number {
  const v = variant === 'A' ? 0 : 1;
  if (k === 0) return (seed * 2 + v) >>> 0;
  // 0x63616e64 ('cand') keeps these away from any other use of hash4 on small integers.
  return hash4(seed >>> 0, v, k, 0x63616e64) >>> 0;
}

export interface RankedCandidate {
  /** Its index in drawing order (0: the one-candidate engine's recipe). */
  index: number;
  recipe: Recipe;
  /** The expected seconds hidden (of 15) from the preview, averaged over CANDIDATE_SAMPLES samples. */
  hiddenSeconds: number;
  /** Predicted hiding 0-100 from the preview (the same average). */
  hiding: number;
}

/**
 * Whether a 1.05 m target at CHOICE_DISTANCE_M is in range in this photo by its size (else no
 * candidate is scored; a photo whose ground does not reach that far scores every candidate -1).
 */
export function canScore(analysis: PhotoAnalysis): boolean {
  return viewGeometry(analysis.width, analysis.height, hunter().heightM, CHOICE_DISTANCE_M).inRange;
}

/**
 * Every candidate's recipe, previewed and scored, best first (ties keep the drawing order, so the
 * ranking is deterministic). A candidate whose target falls out of range scores -1.
 */
export function rankCandidates(input: {
  analysis: PhotoAnalysis;
  style: DesignStyle;
  toggles: DesignToggles;
  seeds: readonly number[];
  photo: PreparedPhoto;
  hideFrom: HideFrom;
}): RankedCandidate[] {
  const ranked = input.seeds.map((seed, index): RankedCandidate => {
    const recipe = buildRecipe({
      analysis: input.analysis,
      style: input.style,
      toggles: input.toggles,
      seed,
    });
    const tile = renderIndices(recipe, PREVIEW_SIZE, { fieldGrid: PREVIEW_SIZE });
    const rgb = new Uint8Array(PREVIEW_SIZE * PREVIEW_SIZE * 3);
    for (let i = 0; i < tile.index.length; i++) {
      const c = tile.palette[tile.index[i] ?? 0] ?? [0, 0, 0];
      rgb[i * 3] = c[0];
      rgb[i * 3 + 1] = c[1];
      rgb[i * 3 + 2] = c[2];
    }
    const [row] = predictConcealmentTable({
      photo: input.photo,
      design: prepareDesign({ width: PREVIEW_SIZE, height: PREVIEW_SIZE, data: rgb }),
      observers: [input.hideFrom],
      distances: [CHOICE_DISTANCE_M],
      samples: CANDIDATE_SAMPLES,
    });
    const result = row?.result;
    if (!result?.inRange) return { index, recipe, hiddenSeconds: -1, hiding: -1 };
    const { mean } = meanAndError(result.samples.map((m) => sampleHiding(m, DEFAULT_WEIGHTS)));
    return { index, recipe, hiddenSeconds: (mean * 15) / 100, hiding: Math.round(mean) };
  });
  return ranked.sort((a, b) => b.hiddenSeconds - a.hiddenSeconds || a.index - b.index);
}
