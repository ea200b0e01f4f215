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

describe('randomDesignName for a ground', () => {
  const names = (description: string) => {
    let seed = 39;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    return Array.from({ length: 300 }, () => randomDesignName(random, description));
  };

  it('never names a snow pattern for dust, nor autumn leaves for spring', () => {
    for (const name of names('Fresh snow over spruce and rocks'))
      expect(name).not.toMatch(/Dusty|Sandy|Summer|Spring|Sunlit/);
    for (const name of names('Oak leaves in late autumn'))
      expect(name).not.toMatch(/Spring|Frozen|Frosted|Winter|Summer/);
    for (const name of names('Sonoran desert wash with creosote'))
      expect(name).not.toMatch(/Frost|Snow|Winter|Marsh|Swamp/);
  });

  it('uses the ground’s own words, with some that fit any ground', () => {
    const snow = names('Snow under bare shrubs');
    expect(snow.some((name) => /Frosted|Frozen|Winter/.test(name))).toBe(true);
    expect(snow.some((name) => /Silent|Hidden|Ghost/.test(name))).toBe(true);
    expect(new Set(snow).size).toBeGreaterThan(40);
  });

  it('draws from every word for a ground it does not know', () => {
    expect(new Set(names('my back yard')).size).toBeGreaterThan(150);
  });
});
