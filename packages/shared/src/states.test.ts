import { describe, expect, it } from 'vitest';
import { searchStates, usStates } from './states.js';

const names = (query: string) => searchStates(query).map((state) => state.name);

describe('searchStates', () => {
  it('ranks the exact code first, then names starting with the text, then names containing it', () => {
    expect(names('ne')).toEqual([
      'Nebraska',
      'Nevada',
      'New Hampshire',
      'New Jersey',
      'New Mexico',
      'New York',
      'Connecticut',
      'Maine',
      'Minnesota',
      'Tennessee',
    ]);
  });

  it('puts the state with that code before names that merely start with it', () => {
    expect(names('co')[0]).toBe('Colorado');
    expect(names('CA')[0]).toBe('California');
    expect(names('in').slice(0, 3)).toEqual(['Indiana', 'Illinois', 'Maine']);
  });

  it('is case-insensitive, ignores surrounding spaces, and lists every state for no text', () => {
    expect(names('  NEVADA ')).toEqual(['Nevada']);
    expect(searchStates('')).toEqual(usStates);
    expect(names('zz')).toEqual([]);
  });

  it('still finds a state by a code that starts with the text, after the names', () => {
    expect(names('w').slice(0, 4)).toEqual(['Washington', 'West Virginia', 'Wisconsin', 'Wyoming']);
    expect(names('ok')).toEqual(['Oklahoma']);
  });
});
