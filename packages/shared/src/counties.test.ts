import { describe, expect, it } from 'vitest';
import { deriveCounties, loadTopology } from '../scripts/build-counties.mjs';
import { countiesByState } from './counties-data.js';
import { canonicalCounty, countiesOf, isCountyOf, searchCounties } from './counties.js';
import { usStates } from './states.js';

describe('county reference data', () => {
  it('is exactly what the script derives from us-atlas (run scripts/build-counties.mjs after an upgrade)', async () => {
    expect(countiesByState).toEqual(deriveCounties(await loadTopology()));
  });

  it('covers the 50 states and nothing else', () => {
    expect(Object.keys(countiesByState).sort()).toEqual(usStates.map((s) => s.code).sort());
    for (const state of usStates) expect(countiesOf(state.code).length).toBeGreaterThan(0);
    const total = Object.values(countiesByState).reduce((n, list) => n + list.length, 0);
    expect(total).toBeGreaterThan(3100);
  });

  it('keeps Census names and tells independent cities from counties of the same name', () => {
    expect(countiesOf('AZ')).toContain('Maricopa');
    expect(countiesOf('AK')).toContain('Anchorage');
    expect(countiesOf('NM')).toContain('Doña Ana');
    expect(countiesOf('DE')).toEqual(['Kent', 'New Castle', 'Sussex']);
    expect(countiesOf('MD')).toEqual(expect.arrayContaining(['Baltimore', 'Baltimore city']));
    expect(countiesOf('MO')).toEqual(expect.arrayContaining(['St. Louis', 'St. Louis city']));
  });

  it('looks counties up case-insensitively, by any case of the state code', () => {
    expect(isCountyOf('az', 'maricopa')).toBe(true);
    expect(isCountyOf('AZ', ' MARICOPA ')).toBe(true);
    expect(isCountyOf('TX', 'Maricopa')).toBe(false);
    expect(isCountyOf('AZ', '')).toBe(false);
    expect(isCountyOf('DC', 'District of Columbia')).toBe(false);
    expect(countiesOf('ZZ')).toEqual([]);
    expect(canonicalCounty('nm', 'DOÑA ANA')).toBe('Doña Ana');
  });

  it('filters by typed text, names that start with it first', () => {
    expect(searchCounties('AZ', '')).toBe(countiesOf('AZ'));
    const found = searchCounties('AZ', 'CO');
    expect(found.slice(0, 2)).toEqual(['Cochise', 'Coconino']);
    expect(found).toContain('Maricopa');
    expect(found.every((n) => n.toLowerCase().includes('co'))).toBe(true);
  });
});
