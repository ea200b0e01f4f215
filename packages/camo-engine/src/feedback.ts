/**
 * One recipe seed drawn in full at DESIGN_SIZE with the G4/G6/G7 feedback: the design scored on
 * its spectral slope, patch-size span and axis share, up to three alternatives rendered in a
 * fixed order and the best kept, its cut moved to a typical line.
 */
import type { PhotoAnalysis } from './analysis/analyse.js';
import { rgbToLab } from './color/lab.js';
import { DESIGN_SIZE } from './design.js';
import type { VariantOptions } from './generate-types.js';
import { patchSizeSpan } from './metrics/components.js';
import { axisEnergyShare } from './metrics/orientation.js';
import { spectralSlope } from './metrics/spectrum.js';
import { buildRecipe, recipeId } from './recipe/build.js';
import type { DesignStyle, Recipe, ShapeParams } from './recipe/recipe-types.js';
import type { RenderReuse } from './render/layer-fields.js';
import { renderIndices, type RenderedTile } from './render/render.js';
import { rollTile, typicalCut } from './render/tile-cut.js';
import type { DesignToggles } from './types.js';

/** A design drawn from one recipe seed: the kept render and its G4/G6/G7 figures. */
export interface Drawn {
  recipe: Recipe;
  tile: RenderedTile;
  /** Its slope minus the photo's (G4). */
  diff: number;
  /** Its patch-size span (G6), Infinity when not measured (the blobs toggle trades G6 away). */
  span: number;
}

/**
 * Draws a recipe seed in full at DESIGN_SIZE with the G4/G6/G7 feedback. The caller passes
 * `opts.firstGrids` only for the recipe firstRecipe() returns.
 */
export function drawRecipe(
  analysis: PhotoAnalysis,
  style: DesignStyle,
  toggles: DesignToggles,
  recipeSeed: number,
  opts: VariantOptions,
): Drawn {
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
  const digital = style === 'digital';
  // A render's error: its slope's distance from the photo's (G4), plus a penalty when its patch
  // sizes span fewer than G6_MARGIN decades (G6; the digital style's cells set a floor on the
  // smallest patches, and a small or smooth photo can leave the organic style short too).
  // Straight-edged shards (the angular cue of rock and urban photos) can line up with the axes:
  // the organic style then also pays when its axis share nears G7's 0.35.
  const checkAxis = !digital && first.layers.some((l) => l.shards) && !toggles.geometricShapes;
  const score = (tile: RenderedTile): { err: number; diff: number; span: number } => {
    const { diff, span } = slopeAndSpan(tile, analysis, toggles);
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
  let bestScore = firstScore;
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
      const retryScore = score(cut.tile);
      if (retryScore.err < bestErr) {
        best = cut;
        bestErr = retryScore.err;
        bestScore = retryScore;
        improved = true;
      }
      if (bestErr <= SLOPE_TOLERANCE) break;
    }
  }
  return { recipe: best.recipe, tile: best.tile, diff: bestScore.diff, span: bestScore.span };
}

/** The G4 feedback retries the shape scale when the slope is further than this from the photo's. */
const SLOPE_TOLERANCE = 0.35;
/** G4's bound on the worst photo. */
export const G4_WORST = 0.8;
/** The organic style with shards retries above this axis share (G7 asks at most 0.35). */
const G7_ORGANIC_MARGIN = 0.34;
/** A design retries when its patch sizes span fewer decades than this (G6 asks 2.5). */
const G6_MARGIN = 2.55;

/**
 * A recipe drawn as it is (no feedback retries: a bred recipe's shapes are its genes), cut open
 * on a typical line, with the G4 and G6 figures missedTargets() reads.
 */
export function drawAsIs(recipe: Recipe, analysis: PhotoAnalysis): Drawn {
  const { recipe: cut, tile } = cutOpen(recipe, renderIndices(recipe, DESIGN_SIZE));
  return { recipe: cut, tile, ...slopeAndSpan(tile, analysis, recipe.toggles) };
}

/**
 * A render's G4 and G6 figures: its slope less the photo's, and its patch sizes' span in decades
 * (Infinity with the blobs toggle, which trades G6 away on purpose: README).
 */
function slopeAndSpan(
  tile: RenderedTile,
  analysis: PhotoAnalysis,
  toggles: DesignToggles,
): { diff: number; span: number } {
  return {
    diff: tileSlope(tile) - analysis.texture.spectralSlope,
    span: toggles.blobs ? Infinity : patchSizeSpan(tile.index, tile.size, tile.size).span,
  };
}

/** Moves a rendered recipe's cut (Recipe.origin) to a typical line. */
function cutOpen(recipe: Recipe, tile: RenderedTile): { recipe: Recipe; tile: RenderedTile } {
  const cut = typicalCut(tile);
  const out: Recipe = { ...recipe, origin: { x: cut.x / DESIGN_SIZE, y: cut.y / DESIGN_SIZE } };
  out.id = recipeId(out);
  return { recipe: out, tile: rollTile(tile, cut.x, cut.y) };
}

/** G7's axis share of a rendered tile. */
export function tileAxisShare(tile: RenderedTile): number {
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
