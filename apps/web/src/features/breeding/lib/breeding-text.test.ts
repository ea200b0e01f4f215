import { describe, expect, it } from 'vitest';
import { secondsOrUnknown, statusText } from './breeding-text';

describe("the breeding pages' words", () => {
  it('say where a ground is, and a bound not known yet', () => {
    expect(statusText({ status: 'starting', generation: 0 })).toBe('Drawing the first generation');
    expect(statusText({ status: 'judging', generation: 3 })).toBe('Judging generation 3');
    expect(statusText({ status: 'breeding', generation: 3 })).toBe('Drawing generation 4');
    expect(secondsOrUnknown(null)).toBe('not yet known');
    expect(secondsOrUnknown(4250)).toBe('4.3 s');
  });
});
