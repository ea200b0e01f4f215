import * as shared from '@camo/shared/breeding.schema';
import { describe, expect, it } from 'vitest';
import { breedingMessages, breedingStyles, secondsOrUnknown, statusText } from './breeding-text';

describe("the breeding pages' words", () => {
  it("are the API's own, word for word", () => {
    for (const [key, message] of Object.entries(breedingMessages))
      expect(message, key).toBe(shared.breedingMessages[key as keyof typeof shared.breedingMessages]);
    expect(breedingStyles).toEqual(shared.breedingStyles);
  });

  it('say where a ground is, and a bound not known yet', () => {
    expect(statusText({ status: 'starting', generation: 0 })).toBe('Drawing the first generation');
    expect(statusText({ status: 'judging', generation: 3 })).toBe('Judging generation 3');
    expect(statusText({ status: 'breeding', generation: 3 })).toBe('Drawing generation 4');
    expect(secondsOrUnknown(null)).toBe('not yet known');
    expect(secondsOrUnknown(4250)).toBe('4.3 s');
  });
});
