import { usStates } from '@camo/shared/states';
import { describe, expect, it } from 'vitest';
import { contextCues } from './context.js';

const stateCues = (state: string, county = '', stateName?: string) =>
  contextCues('', state, county, stateName)
    .filter((cue) => cue.source === 'state')
    .map((cue) => ({ id: cue.cue.id, matched: cue.matched }));

/** Biomes that cannot both be what a place typically is. */
const contradictions = [
  ['grass', 'desert'],
  ['forest', 'desert'],
  ['reeds', 'desert'],
  ['water', 'desert'],
  ['snow', 'desert'],
];

describe('contextCues: the state prior', () => {
  it('calls Texas grass country, and its Trans-Pecos counties desert, never both', () => {
    expect(stateCues('TX', '', 'Texas')).toEqual([{ id: 'grass', matched: 'Texas' }]);
    expect(stateCues('TX', 'Harris', 'Texas')).toEqual([{ id: 'grass', matched: 'Texas' }]);
    expect(stateCues('TX', 'Brewster', 'Texas')).toEqual([
      { id: 'desert', matched: 'Brewster County, Texas' },
    ]);
    expect(stateCues('TX', 'El Paso', 'Texas')).toEqual([{ id: 'desert', matched: 'El Paso County, Texas' }]);
  });

  it('names the state as the caller does, or by its code (the engine keeps no list of names)', () => {
    expect(stateCues('TX')).toEqual([{ id: 'grass', matched: 'TX' }]);
    expect(stateCues('TX', 'Brewster')).toEqual([{ id: 'desert', matched: 'Brewster County, TX' }]);
  });

  it('gives no state two biomes that contradict each other', () => {
    for (const { code } of usStates) {
      const ids = stateCues(code).map((cue) => cue.id);
      expect(ids.length, code).toBeGreaterThan(0);
      for (const [a, b] of contradictions)
        expect(ids.includes(a!) && ids.includes(b!), `${code}: ${ids.join(', ')}`).toBe(false);
    }
  });

  it('leaves out a biome the description already named', () => {
    expect(stateCues('TX', 'Brewster').length).toBe(1);
    expect(contextCues('dry desert wash', 'TX', 'Brewster').map((cue) => cue.source)).toEqual([
      'description',
    ]);
  });
});
