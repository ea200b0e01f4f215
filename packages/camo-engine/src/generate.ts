import { analyse, type AnalyseContext, type PhotoAnalysis } from './analysis/analyse.js';

import {
  canScore,
  candidateSeed,
  CHOICE_DISTANCE_M,
  DEFAULT_CANDIDATES,
  MAX_CANDIDATES,
  rankCandidates,
  type RankedCandidate,
} from './candidates.js';
import { rgbToLab } from './color/lab.js';
import { preparePhoto, type PreparedPhoto } from './concealment/predictor.js';
import { coverage } from './metrics/design-metrics.js';
import { fnv1a64 } from './metrics/prng.js';
import { patchSizeSpan } from './metrics/components.js';
import { axisEnergyShare } from './metrics/orientation.js';
import { spectralSlope } from './metrics/spectrum.js';
import { buildRecipe, recipeId } from './recipe/build.js';
import type { CandidateChoice, DesignStyle, HideFrom, Recipe, ShapeParams } from './recipe/recipe-types.js';
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
  /** How the ground palette is chosen (AnalyseContext.palette, decision 023); default 'typical'. */
  palette?: 'greedy' | 'typical';
  description?: string;
  /** The two-letter code of a US state. */
  state?: string;
  /** The state's name, for the texts (the engine keeps no list of names; default: the code). */
  stateName?: string;
  county?: string;
  toggles?: Partial<DesignToggles> | null;
  seed?: number;
  /**
   * Whose eyes each style's layout is chosen against, at 25 m (the create form's choice): 'deer'
   * by default.
   */
  hideFrom?: HideFrom;
  /**
   * Candidate layouts drawn per style (1 to 16; default DEFAULT_CANDIDATES). 1 is the engine before
   * issue 27 item 4, byte for byte.
   */
  candidates?: number;
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
  /** The photo prepared for the predictor (preparePhoto), when A and B share one. */
  prepared?: PreparedPhoto;
}

/**
 * The recipe a variant's design renders first (before any G4 feedback retry): the candidate
 * predicted to hide best (see design()), or the only one.
 */
export function firstRecipe(input: GenerateInput, variant: 'A' | 'B', analysis: PhotoAnalysis): Recipe {
  const seed = (input.seed ?? 1) >>> 0;
  const toggles = normaliseToggles(input.toggles ?? undefined);
  const ranked = rankedCandidates(input, variant, analysis, toggles, seed);
  return (
    ranked?.[0]?.recipe ??
    buildRecipe({ analysis, style: variantStyle(variant), toggles, seed: candidateSeed(seed, variant, 0) })
  );
}

const variantStyle = (variant: 'A' | 'B'): DesignStyle => (variant === 'A' ? 'organic' : 'digital');

/** Whether generate() draws and scores several candidates for this input (else one, as before). */
export function scoresCandidates(input: GenerateInput, analysis: PhotoAnalysis): boolean {
  return candidateCount(input) > 1 && canScore(analysis) && input.photo.width > 0;
}

/** How many candidates an input asks for, within 1..MAX_CANDIDATES. */
function candidateCount(input: GenerateInput): number {
  const n = input.candidates ?? DEFAULT_CANDIDATES;
  return Number.isFinite(n) ? Math.max(1, Math.min(MAX_CANDIDATES, Math.floor(n))) : DEFAULT_CANDIDATES;
}

/** The variant's candidates, best first; null with one candidate or when none can be scored. */
function rankedCandidates(
  input: GenerateInput,
  variant: 'A' | 'B',
  analysis: PhotoAnalysis,
  toggles: DesignToggles,
  seed: number,
  prepared?: PreparedPhoto,
): RankedCandidate[] | null {
  if (!scoresCandidates(input, analysis)) return null;
  const n = candidateCount(input);
  const ranked = rankCandidates({
    analysis,
    style: variantStyle(variant),
    toggles,
    seeds: Array.from({ length: n }, (_, k) => candidateSeed(seed, variant, k)),
    photo: prepared ?? preparePhoto(input.photo),
    hideFrom: input.hideFrom ?? 'deer',
  });
  return ranked[0] && ranked[0].hiddenSeconds >= 0 ? ranked : null;
}

/** A design drawn from one recipe seed: the kept render and its G4/G6/G7 figures. */
interface Drawn {
  recipe: Recipe;
  tile: RenderedTile;
  /** Its slope minus the photo's (G4). */
  diff: number;
  /** Its patch-size span (G6), Infinity when not measured (the blobs toggle trades G6 away). */
  span: number;
}

/**
 * The design of one variant. With candidates (GenerateInput.candidates > 1), each style's recipe
 * is drawn with several seeds, each previewed and scored for one observer at 25 m
 * (candidates.ts), and the best is drawn in full. If that design misses a target (G1-G7, as
 * missedTargets() measures them) that candidate 0's design meets, candidate 0's is kept instead:
 * the order is fixed (best, then candidate 0), so the output stays deterministic (G8).
 */
function design(
  input: GenerateInput,
  analysis: PhotoAnalysis,
  variant: 'A' | 'B',
  toggles: DesignToggles,
  seed: number,
  opts: VariantOptions,
): GeneratedDesign {
  const style = variantStyle(variant);
  const ranked = rankedCandidates(input, variant, analysis, toggles, seed, opts.prepared);
  const best = ranked?.[0];
  if (!ranked || !best) {
    let only = drawRecipe(analysis, style, toggles, candidateSeed(seed, variant, 0), opts);
    // A layout that misses a target (G1-G7, as missedTargets() measures them) is drawn again with
    // the next candidate seeds, at most two, and the first that misses fewer is kept: the rescue
    // the ranked path below gives, without the predictor's previews (decision 028: choosing among
    // layouts by their figures gained nothing). Fixed order, so the output stays deterministic (G8).
    if (input.palette !== 'greedy') {
      const missed = missedTargets(only, analysis, style);
      const seeds = [1, 2].map((k) => candidateSeed(seed, variant, k));
      const better = missed.length > 0 ? fewerMisses(missed, seeds, analysis, style, toggles) : null;
      if (better) only = better.drawn;
    }
    return designFromRecipe(analysis, variant, only.recipe, encodeIndexedPng(only.tile));
  }
  const firstCandidate = ranked.find((c) => c.index === 0) ?? best;
  let kept = drawRecipe(analysis, style, toggles, best.recipe.seed, opts);
  let fellBack: string[] | undefined;
  if (best.index !== 0) {
    const missed = missedTargets(kept, analysis, style);
    if (missed.length > 0) {
      const first = drawRecipe(analysis, style, toggles, firstCandidate.recipe.seed, {});
      const firstMissed = missedTargets(first, analysis, style);
      const lost = missed.filter((t) => !firstMissed.includes(t));
      if (lost.length > 0) {
        kept = first;
        fellBack = lost;
      }
    }
  }
  let keptCandidate = fellBack ? firstCandidate : best;
  // With the typical palette (decision 023, the default), when the design kept still misses a target (every
  // layout of marsh B missed G4's 0.8 at 0.83): the next candidates in rank order, at most two,
  // and the first that misses fewer targets is kept instead (marsh B: 0.79). Fixed order (G8).
  if (input.palette !== 'greedy') {
    const keptMissed = missedTargets(kept, analysis, style);
    const next = ranked.filter((x) => x !== best && x !== firstCandidate).slice(0, 2);
    const better =
      keptMissed.length > 0
        ? fewerMisses(
            keptMissed,
            next.map((c) => c.recipe.seed),
            analysis,
            style,
            toggles,
          )
        : null;
    if (better) {
      kept = better.drawn;
      keptCandidate = next[better.at] ?? keptCandidate;
      fellBack = keptMissed.filter((t) => !better.missed.includes(t));
    }
  }
  const choice: CandidateChoice = {
    candidate: keptCandidate.index,
    of: ranked.length,
    hideFrom: input.hideFrom ?? 'deer',
    distanceM: CHOICE_DISTANCE_M,
    hiding: keptCandidate.hiding,
    firstHiding: firstCandidate.hiding,
    ...(fellBack ? { fellBack } : {}),
  };
  const recipe: Recipe = { ...kept.recipe, choice };
  recipe.id = recipeId(recipe);
  return designFromRecipe(analysis, variant, recipe, encodeIndexedPng(kept.tile));
}

/**
 * The rescue for a layout that misses a target: the first of `seeds`, drawn in full in that order,
 * whose design misses fewer targets than `missed` (G1-G7, as missedTargets() measures them), with
 * what it still misses and its place in `seeds`; null when none does. Fixed order (G8).
 */
function fewerMisses(
  missed: readonly string[],
  seeds: readonly number[],
  analysis: PhotoAnalysis,
  style: DesignStyle,
  toggles: DesignToggles,
): { drawn: Drawn; missed: string[]; at: number } | null {
  for (const [at, recipeSeed] of seeds.entries()) {
    const drawn = drawRecipe(analysis, style, toggles, recipeSeed, {});
    const nextMissed = missedTargets(drawn, analysis, style);
    if (nextMissed.length < missed.length) return { drawn, missed: nextMissed, at };
  }
  return null;
}

/**
 * Draws a recipe seed in full at DESIGN_SIZE with the G4/G6/G7 feedback. The caller passes
 * `opts.firstGrids` only for the recipe firstRecipe() returns.
 */
function drawRecipe(
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

/**
 * The targets a drawn design misses through its layout, as cheaply as the engine can tell on its
 * own. Every candidate of a style has the same palette and asks the same shares, so what the palette
 * decides is the same for all and is not counted: G1 (3-7 colours used), G2 as "every colour the
 * recipe gives a share is used" (then its palette-to-photo distances are the recipe's), G3 (total
 * variation against the engine's own clustering of the ground, analysis.palette; mean L* within 2;
 * spread ratio 0.8-1.25) only where the drawn shares miss a bound that the shares the recipe asks
 * meet, G4's worst bound (0.8), G5's wrap-edge jump, G6 (unless not measured: the blobs toggle)
 * and G7. G8 holds by construction. Codes only ('G3 TV', ...), to compare two designs.
 */
function missedTargets(drawn: Drawn, analysis: PhotoAnalysis, style: DesignStyle): string[] {
  const { tile, recipe } = drawn;
  const n = tile.size * tile.size;
  const counts = new Float64Array(tile.palette.length);
  for (let i = 0; i < n; i++) counts[tile.index[i] ?? 0]! += 1;
  const drawnShares = Array.from(counts, (c) => c / n);
  const askedShares = recipe.palette.map((p) => p.share);
  const labs = tile.palette.map(([r, g, b]) => rgbToLab(r, g, b));
  const used = new Set(tile.palette.filter((_, k) => (counts[k] ?? 0) > 0).map((c) => c.join(',')));
  const missed: string[] = [];
  if (used.size < 3 || used.size > 7) missed.push('G1');
  if (recipe.palette.some((p, k) => p.share > 0 && (counts[k] ?? 0) === 0)) missed.push('G2');
  const clusters = analysis.palette.map((s) => ({ lab: s.lab, share: s.share }));
  const g3 = (shares: readonly number[]): { tv: boolean; mean: boolean; spread: boolean } => {
    let mean = 0;
    labs.forEach((l, k) => (mean += l.L * (shares[k] ?? 0)));
    let v2 = 0;
    labs.forEach((l, k) => (v2 += (l.L - mean) ** 2 * (shares[k] ?? 0)));
    const ratio = Math.sqrt(v2) / (analysis.stdL || 1);
    return {
      tv: coverage(labs, shares, clusters).tvDistance > 0.1,
      mean: Math.abs(mean - analysis.meanL) > 2,
      spread: ratio < 0.8 || ratio > 1.25,
    };
  };
  const got = g3(drawnShares);
  const asked = g3(askedShares);
  if (got.tv && !asked.tv) missed.push('G3 TV');
  if (got.mean && !asked.mean) missed.push('G3 mean L');
  if (got.spread && !asked.spread) missed.push('G3 L spread');
  if (Math.abs(drawn.diff) > G4_WORST) missed.push('G4');
  const jump = wrapJump(tile);
  if (Math.min(jump.x, jump.y) < 0.5 || Math.max(jump.x, jump.y) > 1.5) missed.push('G5');
  if (drawn.span < 2.5) missed.push('G6');
  const axis = tileAxisShare(tile);
  if (style === 'organic' ? axis > 0.35 : axis < 0.7) missed.push('G7');
  return missed;
}

/** G5's wrap-edge jump ratios (as metrics/tiling.ts measures them on RGB), from palette indices. */
function wrapJump(tile: RenderedTile): { x: number; y: number } {
  const k = tile.palette.length;
  const dist = new Float64Array(k * k);
  for (let a = 0; a < k; a++)
    for (let b = 0; b < k; b++) {
      const p = tile.palette[a] ?? [0, 0, 0];
      const q = tile.palette[b] ?? [0, 0, 0];
      dist[a * k + b] = Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
    }
  const s = tile.size;
  const ix = tile.index;
  let interiorX = 0;
  let seamX = 0;
  let interiorY = 0;
  let seamY = 0;
  for (let y = 0; y < s; y++) {
    const row = y * s;
    const below = ((y + 1) % s) * s;
    for (let x = 0; x < s; x++) {
      const c = (ix[row + x] ?? 0) * k;
      const right = dist[c + (ix[row + ((x + 1) % s)] ?? 0)] ?? 0;
      const down = dist[c + (ix[below + x] ?? 0)] ?? 0;
      if (x === s - 1) seamX += right;
      else interiorX += right;
      if (y === s - 1) seamY += down;
      else interiorY += down;
    }
  }
  interiorX /= s * (s - 1);
  interiorY /= s * (s - 1);
  seamX /= s;
  seamY /= s;
  return { x: interiorX > 0 ? seamX / interiorX : 1, y: interiorY > 0 ? seamY / interiorY : 1 };
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
  // A and B are scored in the same photo: prepare it for the predictor once.
  const prepared = scoresCandidates(input, analysis) ? preparePhoto(input.photo) : undefined;
  const opts: VariantOptions = prepared ? { prepared } : {};
  return {
    analysis,
    designs: [generateVariant(input, 'A', analysis, opts), generateVariant(input, 'B', analysis, opts)],
  };
}

function analyseInput(input: GenerateInput): PhotoAnalysis {
  const ctx: AnalyseContext = {
    description: input.description ?? '',
    state: input.state ?? '',
    stateName: input.stateName ?? '',
    county: input.county ?? '',
    ...(input.palette ? { palette: input.palette } : {}),
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
  return design(input, analysis, variant, toggles, seed, opts);
}

/** Re-renders a recipe as a size x size indexed PNG (16..4096). */
export function render(recipe: Recipe, size: number = DESIGN_SIZE, opts: RenderOptions = {}): Uint8Array {
  if (size > MAX_EXPORT_SIZE)
    throw new RangeError(`size ${size} exceeds the ${MAX_EXPORT_SIZE} export limit`);
  return encodeIndexedPng(renderIndices(recipe, size, opts));
}
