import { describe, expect, it } from 'vitest';
import { closeInWords, countdownParts, formatContestMonth, votesLabel } from '@/lib/contest-month';

describe('contest month wording', () => {
  it('names months and their last day', () => {
    expect(formatContestMonth('2025-04')).toBe('April 2025');
    expect(closeInWords('2026-11', 'America/Phoenix')).toBe(
      'the end of November 30, 2026 (America/Phoenix time)',
    );
    expect(closeInWords('2028-02', 'America/New_York')).toBe(
      'the end of February 29, 2028 (America/New York time)',
    );
    expect(votesLabel(1)).toBe('1 vote');
    expect(votesLabel(0)).toBe('0 votes');
  });

  it('counts down to the close and stops at zero', () => {
    const close = Date.UTC(2026, 11, 1, 7);
    expect(countdownParts(close, close - (2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000)).toEqual({
      done: false,
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
    expect(countdownParts(close, close + 5000)).toMatchObject({ done: true, days: 0, seconds: 0 });
  });
});
