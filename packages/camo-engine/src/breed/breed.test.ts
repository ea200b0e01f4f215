import { describe, expect, it } from 'vitest';
import { fixturePhoto } from '../../test/fixture-photo.js';
import { analyse } from '../analysis/analyse.js';
import { generateVariant } from '../generate.js';
import type { Recipe } from '../recipe/recipe-types.js';
import { BREED_TRIES, breed, canBreed, crossover, mutate } from './breed.js';
import { mulberry32 } from '../metrics/prng.js';

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
        // A period moves by a log-normal factor: within 0.5x-2x at 4.6 SD.
        expect(l.periodX / parent.periodX).toBeGreaterThan(0.45);
        expect(l.periodX / parent.periodX).toBeLessThan(2.2);
        layers++;
        if (l.seed !== parent.seed) reseeded++;
      });
      expect(child.palette.every((p, k) => p.share > 0 === a.palette[k]!.share > 0)).toBe(true);
    }
    // About MUTATION.reseed (0.15) of the layers take a fresh field.
    expect(reseeded / layers).toBeGreaterThan(0.07);
    expect(reseeded / layers).toBeLessThan(0.25);
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
