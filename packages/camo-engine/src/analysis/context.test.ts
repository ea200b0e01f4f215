import { describe, expect, it } from 'vitest';
import { contextCues, stateName } from './context.js';

const stateCues = (state: string, county = '') =>
  contextCues('', state, county)
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
    expect(stateCues('TX')).toEqual([{ id: 'grass', matched: 'Texas' }]);
    expect(stateCues('Texas', 'Harris')).toEqual([{ id: 'grass', matched: 'Texas' }]);
    expect(stateCues('TX', 'Brewster')).toEqual([{ id: 'desert', matched: 'Brewster County, Texas' }]);
    expect(stateCues('TX', 'El Paso')).toEqual([{ id: 'desert', matched: 'El Paso County, Texas' }]);
  });

  it('gives no state two biomes that contradict each other', () => {
    const codes = ['AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA'];
    codes.push('KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ');
    codes.push('NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT');
    codes.push('VA', 'WA', 'WV', 'WI', 'WY');
    for (const code of codes) {
      const ids = stateCues(code).map((cue) => cue.id);
      expect(ids.length, stateName(code)).toBeGreaterThan(0);
      for (const [a, b] of contradictions)
        expect(ids.includes(a!) && ids.includes(b!), `${stateName(code)}: ${ids.join(', ')}`).toBe(false);
    }
  });

  it('leaves out a biome the description already named', () => {
    expect(stateCues('TX', 'Brewster').length).toBe(1);
    expect(contextCues('dry desert wash', 'TX', 'Brewster').map((cue) => cue.source)).toEqual([
      'description',
    ]);
  });
});
