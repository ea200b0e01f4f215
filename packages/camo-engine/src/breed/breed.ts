/**
 * Designs bred from designs (decision 038): a child's recipe from two parents' recipes of one
 * photo and style, by crossover and mutation, drawn in full and held to the engine's targets.
 *
 * The genes are the recipe's own fields, so a child renders deterministically like any design:
 * - each layer whole (its noise seed with its periods, octaves, persistence and shards): a seed is
 *   a field, and half of one field's seed with half of another's is neither;
 * - the colour shares, as one vector (the palette's colours stay the photo's);
 * - the shape's scale, stretch, Hurst exponent and warp strength, each from either parent;
 * - the domain warp and the overlays, each whole.
 * Mutation is small and multiplicative where a gene is a size (log-normal; a layer's period, a
 * whole number of noise cells, rounded down or up at random so that it moves by the factor on
 * average), additive where it is bounded, and a layer now and then takes a fresh noise seed; the
 * ground layer has no field, so only its share changes. A child that misses a target the
 * engine keeps (G1-G7 as missedTargets() measures them; G8 holds by construction) is drawn again
 * from the next draws of the same generator, up to BREED_TRIES times.
 */
import type { PhotoAnalysis } from '../analysis/analyse.js';
import { drawAsIs, type Drawn } from '../feedback.js';
import { mulberry32 } from '../metrics/prng.js';
import { missedTargets } from '../missed-targets.js';
import { recipeId } from '../recipe/build.js';
import type { LayerSpec, Recipe } from '../recipe/recipe-types.js';

/** Mutation sizes (decision 038). */
export const MUTATION = {
  /** SD of the log of a colour's share factor. */
  share: 0.2,
  /**
   * SD of the log of a layer's period factor (both axes together, so its elongation stays). A
   * period is a whole number of noise cells across the tile (so the tile wraps), so the scaled
   * period is rounded stochastically: up with a chance equal to its fraction, which keeps the
   * expected period at the parent's times the factor however small the period is (but a period
   * of 1, one cell across the tile, can only grow).
   */
  period: 0.15,
  /** SD added to a layer's persistence (0.3-0.95). */
  persistence: 0.04,
  /** SD of the log of the warp's strength factor. */
  warp: 0.2,
  /** Chance that a layer takes a fresh noise seed (a new field at the same sizes). */
  reseed: 0.15,
} as const;

/** Draws a child takes before it is given up (the caller then breeds other parents). */
export const BREED_TRIES = 4;

/** A layer's finest octave: its period (noise cells across the tile) doubled for each octave after the first. */
const finest = (l: LayerSpec): number => Math.max(l.periodX, l.periodY) * 2 ** (l.octaves - 1);

/**
 * The bound on a recipe's finest octave that buildRecipe() set: a power of two (64, 128 or 256 by
 * style, cells and roughness), within which every main layer it builds has as many octaves as fit,
 * so the recipe's finest octave lies above half of it; and never past the renderer's own
 * (LayerFields: 256, the digital style's 64 or 128 by its cells), whose finer octaves are not drawn.
 */
const octaveBound = (recipe: Recipe): number =>
  Math.min(
    recipe.style === 'digital' ? (recipe.cells >= 256 ? 128 : 64) : 256,
    2 ** Math.ceil(Math.log2(Math.max(1, ...recipe.layers.slice(1).map(finest)))),
  );

/** The octaves a layer of these periods has within the bound: as many as fit, as buildRecipe() gives. */
const octavesWithin = (periodX: number, periodY: number, bound: number): number => {
  let octaves = 1;
  while (Math.max(periodX, periodY) * 2 ** octaves <= bound) octaves++;
  return octaves;
};

/** x rounded down or up at random, up with a chance equal to its fraction: on average x itself. */
const roundAtRandom = (x: number, u: number): number => Math.floor(x + u);

export interface BredChild {
  recipe: Recipe;
  drawn: Drawn;
  /** What the child still misses (empty unless every try missed). */
  missed: string[];
  /** Which try was kept (0 the first). */
  tries: number;
}

/** Two recipes can be bred when they are of one photo and style: the same colours. */
export function canBreed(a: Recipe, b: Recipe): boolean {
  return (
    a.style === b.style &&
    a.palette.length === b.palette.length &&
    a.palette.every((p, k) => p.hex === b.palette[k]?.hex)
  );
}

/** A layer's place in a recipe's structure: its colour, and the colour it is confined to. */
const slot = (l: LayerSpec | undefined): string => (l ? `${l.colour}:${l.within ?? ''}` : '');

/**
 * A child of `a` and `b`, drawn and checked against the targets; `seed` makes it (the same
 * parents and seed give the same child, G8).
 */
export function breed(a: Recipe, b: Recipe, analysis: PhotoAnalysis, seed: number): BredChild {
  if (!canBreed(a, b)) throw new Error('these recipes are not of one photo and style');
  const rand = mulberry32(seed >>> 0);
  let kept: BredChild | undefined;
  for (let t = 0; t < BREED_TRIES; t++) {
    const recipe = mutate(crossover(a, b, rand), rand);
    const drawn = drawAsIs(recipe, analysis);
    const missed = missedTargets(drawn, analysis, recipe.style);
    const child = { recipe: drawn.recipe, drawn, missed, tries: t };
    if (missed.length === 0) return child;
    if (!kept || missed.length < kept.missed.length) kept = child;
  }
  return kept!;
}

/**
 * Uniform crossover of whole genes (see the module's comment). The engine's feedback may have
 * given two designs of one photo different structures (a detail layer confined elsewhere, finer
 * cells, grain): the child takes one parent's structure, and from the other only the layers that
 * sit in the same place in it, and its shares only when every layer does.
 */
export function crossover(x: Recipe, y: Recipe, rand: () => number): Recipe {
  const pick = <T>(p: T, q: T): T => (rand() < 0.5 ? p : q);
  const [a, b] = pick<[Recipe, Recipe]>([x, y], [y, x]);
  const same = (k: number) => slot(a.layers[k]) === slot(b.layers[k]);
  const sharesFrom =
    a.layers.length === b.layers.length && a.layers.every((_, k) => same(k)) ? pick(a, b) : a;
  const layers = a.layers.map((la, k): LayerSpec => {
    const from = same(k) ? pick(la, b.layers[k]!) : la;
    // The share is the colour vector's, not the layer's own parent's.
    return { ...from, share: sharesFrom.layers[k]!.share };
  });
  return {
    ...a,
    seed: pick(a.seed, b.seed),
    palette: sharesFrom.palette.map((p) => ({ ...p, lab: { ...p.lab } })),
    layers,
    shape: {
      ...a.shape,
      scale: pick(a.shape.scale, b.shape.scale),
      stretch: pick(a.shape.stretch, b.shape.stretch),
      hurst: pick(a.shape.hurst, b.shape.hurst),
      warp: pick(a.shape.warp, b.shape.warp),
    },
    warp: { ...pick(a.warp, b.warp) },
    overlays: structuredClone(pick(a.overlays, b.overlays)),
    edits: [],
    choice: undefined,
  };
}

/** Small random changes (MUTATION's sizes), the colours' shares kept summing to what they did. */
export function mutate(recipe: Recipe, rand: () => number): Recipe {
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  const factors = recipe.palette.map((p) => (p.share > 0 ? Math.exp(MUTATION.share * gauss()) : 1));
  const paletteTotal = recipe.palette.reduce((s, p) => s + p.share, 0);
  const palette = recipe.palette.map((p, k) => ({ ...p, lab: { ...p.lab }, share: p.share * factors[k]! }));
  const scaledTotal = palette.reduce((s, p) => s + p.share, 0) || 1;
  for (const p of palette) p.share = (p.share * paletteTotal) / scaledTotal;
  const layerTotal = recipe.layers.reduce((s, l) => s + l.share, 0);
  // No octave finer than the field grid's bound the recipe was built to.
  const bound = octaveBound(recipe);
  const layers = recipe.layers.map((l, k): LayerSpec => {
    const { threshold: _fixed, ...rest } = l;
    // The ground (layer 0) has no field: only its share is a gene.
    if (k === 0) return { ...rest, share: l.share * factors[l.colour]! };
    const f = Math.exp(MUTATION.period * gauss());
    // One draw rounds both axes, so a layer as wide as tall stays so.
    const u = rand();
    const persistence = Math.min(0.95, Math.max(0.3, l.persistence + MUTATION.persistence * gauss()));
    const reseed = rand() < MUTATION.reseed;
    const child: LayerSpec = {
      ...rest,
      share: l.share * factors[l.colour]!,
      periodX: Math.min(bound, Math.max(1, roundAtRandom(l.periodX * f, u))),
      periodY: Math.min(bound, Math.max(1, roundAtRandom(l.periodY * f, u))),
      persistence,
      seed: reseed ? Math.floor(rand() * 1e9) : l.seed,
    };
    // A layer whose period moved has the octaves that fit within the bound: one lost when it grew
    // comes back when it shrinks again (never more than buildRecipe() would give it).
    if (child.periodX !== l.periodX || child.periodY !== l.periodY)
      child.octaves = octavesWithin(child.periodX, child.periodY, bound);
    return child;
  });
  const scaledLayers = layers.reduce((s, l) => s + l.share, 0) || 1;
  for (const l of layers) l.share = (l.share * layerTotal) / scaledLayers;
  const child: Recipe = {
    ...recipe,
    palette,
    layers,
    warp: { ...recipe.warp, amount: recipe.warp.amount * Math.exp(MUTATION.warp * gauss()) },
    origin: { x: 0, y: 0 },
  };
  child.id = recipeId(child);
  return child;
}
