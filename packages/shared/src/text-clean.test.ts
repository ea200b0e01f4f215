import { describe, expect, it } from 'vitest';
import { cleanName, cleanText } from './text-clean.js';

describe('text from people', () => {
  it('keeps the lines and tabs of a text, drops its other control characters, trims it', () => {
    expect(cleanText('  a\u0000b\tc\r\nd\u007f\u001b  ')).toBe('ab\tc\r\nd');
  });

  it('makes a name one line: controls to spaces, no angle brackets, single spaces', () => {
    expect(cleanName(' Ann\u0000Lee\n<b>Smith</b>\t ')).toBe('Ann Lee bSmith/b');
  });
});
