import { describe, expect, it } from 'vitest';
import { editSuggestions, editSuggestionText } from './edit-refusal.js';

describe('editSuggestions', () => {
  it('words known codes, at most three, and leaves out codes it does not know', () => {
    expect(editSuggestions(['night', 'nonsense', 'stripes'])).toEqual([
      editSuggestionText.night,
      editSuggestionText.stripes,
    ]);
    expect(editSuggestions(['darker', 'lighter', 'warmer', 'cooler'])).toHaveLength(3);
    expect(editSuggestions(['toString', '__proto__'])).toEqual([]);
  });
});
