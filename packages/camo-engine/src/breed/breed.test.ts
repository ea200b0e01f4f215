import { describe, expect, it } from 'vitest';
import { fixturePhoto } from '../../test/fixture-photo.js';
import { analyse } from '../analysis/analyse.js';
import { generateVariant } from '../generate.js';
import type { Recipe } from '../recipe/recipe-types.js';
import { BREED_TRIES, breed, canBreed, crossover, mutate } from './breed.js';
import { mulberry32 } from '../metrics/prng.js';

const finest = (l: Recipe['layers'][number]): number => Math.max(l.periodX, l.periodY) * 2 ** (l.octaves - 1);

const context = {
  description: 'Path through a dark spruce forest with ferns',
  state: 'OR',
  stateName: 'Oregon',
  county: 'Lane',
};

async function parents(
  variant: 'A' | 'B',
): Promise<{ a: Recipe; b: Recipe; analysis: ReturnType<typeof analyse> }> {
  const photo = await fixturePhoto('forest');
  const analysis = analyse(photo, context);
  const input = { photo, ...context };
  const a = generateVariant({ ...input, seed: 1 }, variant, analysis).recipe;
  const b = generateVariant({ ...input, seed: 2 }, variant, analysis).recipe;
  return { a, b, analysis };
}

describe('breeding designs (decision 038)', () => {
  it("takes each layer whole from one parent, its noise seed never mixed, and keeps the photo's colours", async () => {
    const { a, b } = await parents('A');
    expect(canBreed(a, b)).toBe(true);
    const rand = mulberry32(7);
    for (let i = 0; i < 20; i++) {
      const child = crossover(a, b, rand);
      expect(child.palette.map((p) => p.hex)).toEqual(a.palette.map((p) => p.hex));
      child.layers.forEach((l, k) => {
        const from = [a.layers[k]!, b.layers[k]!].find((p) => p.seed === l.seed);
        expect(from).toBeDefined();
        expect({ ...l, share: 0 }).toEqual({ ...from!, share: 0 });
      });
      const shares = child.layers.map((l) => l.share);
      expect([a, b].some((p) => p.layers.every((l, k) => l.share === shares[k]))).toBe(true);
    }
  });

  it('mutates sizes a little and keeps the colour shares summing as they did', async () => {
    const { a } = await parents('A');
    const rand = mulberry32(3);
    const sum = (r: Recipe) => r.palette.reduce((s, p) => s + p.share, 0);
    const layerSum = (r: Recipe) => r.layers.reduce((s, l) => s + l.share, 0);
    let reseeded = 0;
    let layers = 0;
    for (let i = 0; i < 50; i++) {
      const child = mutate(a, rand);
      expect(sum(child)).toBeCloseTo(sum(a), 9);
      expect(layerSum(child)).toBeCloseTo(layerSum(a), 9);
      child.layers.forEach((l, k) => {
        const parent = a.layers[k]!;
        if (k === 0) {
          // The ground has no field: only its share changes.
          expect({ ...l, share: 0 }).toEqual({ ...parent, share: 0 });
          return;
        }
        // A period moves by a log-normal factor, within 0.5x-2x at 4.6 SD, rounded down or up to
        // a whole number of cells; both axes by the same factor.
        for (const axis of ['periodX', 'periodY'] as const) {
          expect(Number.isInteger(l[axis])).toBe(true);
          expect(l[axis]).toBeGreaterThanOrEqual(Math.max(1, Math.floor(parent[axis] * 0.5)));
          expect(l[axis]).toBeLessThanOrEqual(Math.ceil(parent[axis] * 2));
        }
        if (parent.periodX === parent.periodY) expect(l.periodX).toBe(l.periodY);
        layers++;
        if (l.seed !== parent.seed) reseeded++;
      });
      expect(child.palette.every((p, k) => p.share > 0 === a.palette[k]!.share > 0)).toBe(true);
    }
    // About MUTATION.reseed (0.15) of the layers take a fresh field.
    expect(reseeded / layers).toBeGreaterThan(0.07);
    expect(reseeded / layers).toBeLessThan(0.25);
  });

  it('moves a small period by the stated factor on average, and an octave lost comes back', async () => {
    const { a } = await parents('A');
    const bound = 2 ** Math.ceil(Math.log2(Math.max(...a.layers.slice(1).map(finest))));
    // Every field layer at period p (its octaves as buildRecipe() gives them within the bound).
    const at = (p: number): Recipe => ({
      ...a,
      layers: a.layers.map((l, k) => {
        if (k === 0) return l;
        let octaves = 1;
        while (p * 2 ** octaves <= bound) octaves++;
        return { ...l, periodX: p, periodY: p, octaves };
      }),
    });
    const rand = mulberry32(5);
    for (const [p, changedLow, changedHigh] of [
      // Chances a period changes: E|exp(N(0, 0.15)) - 1| x p while that is under one cell (0.24
      // at 2, 0.36 at 3); whole-number rounding changed a period of 2 in 0.10 and of 3 in 0.27.
      [2, 0.19, 0.29],
      [3, 0.3, 0.42],
      [7, 0.58, 0.72],
    ] as const) {
      const parent = at(p);
      let sum = 0;
      let changed = 0;
      let n = 0;
      for (let i = 0; i < 100; i++)
        for (const l of mutate(parent, rand).layers.slice(1)) {
          sum += l.periodX;
          if (l.periodX !== p) changed++;
          n++;
        }
      // E[exp(N(0, 0.15))] = 1.011; the mean of n children is known to about 0.2 p / sqrt(n).
      expect(sum / n / p).toBeGreaterThan(0.97);
      expect(sum / n / p).toBeLessThan(1.05);
      expect(changed / n).toBeGreaterThan(changedLow);
      expect(changed / n).toBeLessThan(changedHigh);
    }
    // Thirty generations of mutation alone: every field layer still has the octaves that fit within
    // the bound (none lost for good when a period grew and shrank back), none finer than it.
    let r = a;
    for (let g = 0; g < 30; g++) r = mutate(r, rand);
    for (const l of r.layers.slice(1)) {
      expect(finest(l)).toBeLessThanOrEqual(bound);
      expect(finest(l) * 2).toBeGreaterThan(bound);
    }
  });

  it('draws a child that meets the targets, the same every time, and unlike either parent', async () => {
    for (const variant of ['A', 'B'] as const) {
      const { a, b, analysis } = await parents(variant);
      const child = breed(a, b, analysis, 11);
      expect(child.missed).toEqual([]);
      expect(child.tries).toBeLessThan(BREED_TRIES);
      expect(child.recipe.id).not.toBe(a.id);
      expect(child.recipe.id).not.toBe(b.id);
      const again = breed(a, b, analysis, 11);
      expect(again.recipe.id).toBe(child.recipe.id);
      expect(Buffer.from(again.drawn.tile.index).equals(Buffer.from(child.drawn.tile.index))).toBe(true);
      expect(breed(a, b, analysis, 12).recipe.id).not.toBe(child.recipe.id);
    }
  }, 60_000);

  it('refuses parents of different styles or photos', async () => {
    const { a } = await parents('A');
    const { a: b } = await parents('B');
    expect(canBreed(a, b)).toBe(false);
    const analysis = analyse(await fixturePhoto('forest'), context);
    expect(() => breed(a, b, analysis, 1)).toThrow(/one photo and style/);
  });
});
