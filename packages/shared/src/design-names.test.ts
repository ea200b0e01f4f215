import { describe, expect, it } from 'vitest';
import { designNameSchema } from './generation.schema.js';
import { nameAdjectives, nameNouns, randomDesignName } from './design-names.js';

describe('randomDesignName', () => {
  it('has long enough lists without repeats', () => {
    expect(nameAdjectives.length).toBeGreaterThanOrEqual(60);
    expect(nameNouns.length).toBeGreaterThanOrEqual(60);
    expect(new Set(nameAdjectives).size).toBe(nameAdjectives.length);
    expect(new Set(nameNouns).size).toBe(nameNouns.length);
  });

  it('joins an adjective and a noun, e.g. "Silent Ridge"', () => {
    const values = [0, nameNouns.indexOf('Ridge') / nameNouns.length];
    let i = 0;
    expect(randomDesignName(() => values[i++]!)).toBe('Silent Ridge');
  });

  it('never repeats one word twice and copes with random() at its edges', () => {
    const timber = nameAdjectives.indexOf('Timber') / nameAdjectives.length;
    const nounTimber = nameNouns.indexOf('Timber') / nameNouns.length;
    const values = [timber, nounTimber];
    let i = 0;
    expect(randomDesignName(() => values[i++]!)).toBe('Timber Hollow');
    expect(randomDesignName(() => 0.9999999999)).toBe('Umber Spruce');
  });

  it('always makes a name the submit form accepts', () => {
    for (const adjective of nameAdjectives) {
      for (const noun of nameNouns) {
        const name = `${adjective} ${noun}`;
        expect(designNameSchema.safeParse(name).success, name).toBe(true);
      }
    }
    for (let n = 0; n < 200; n++) expect(randomDesignName()).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
  });
});
