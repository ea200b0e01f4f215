import { describe, expect, it } from 'vitest';
import { formatCount, formatLongDate, formatMonthYear, monthName } from './format';

describe('formatCount', () => {
  it('groups thousands as en-US does', () => {
    for (const value of [0, 7, 999, 1000, 12345, 1234567, -4321, 10_000_000]) {
      expect(formatCount(value)).toBe(new Intl.NumberFormat('en-US').format(value));
    }
  });

  it('rounds what is not an integer and leaves what is not finite alone', () => {
    expect(formatCount(1234.6)).toBe('1,235');
    expect(formatCount(Number.NaN)).toBe('NaN');
  });
});

describe('dates', () => {
  it('writes a long date as en-US does, in UTC or in the local zone', () => {
    for (const iso of ['2026-11-23T10:00:00.000Z', '2025-01-01T00:00:00.000Z', '2024-02-29T23:59:59.000Z']) {
      const date = new Date(iso);
      expect(formatLongDate(iso, { utc: true })).toBe(
        new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date),
      );
      expect(formatLongDate(iso)).toBe(new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(date));
    }
  });

  it('answers nothing for what is not a date', () => {
    expect(formatLongDate('not a date')).toBe('');
  });

  it('names months', () => {
    expect(formatMonthYear(2025, 3)).toBe('April 2025');
    expect(monthName(11)).toBe('December');
  });
});
