import { describe, expect, it } from 'vitest';
import {
  contestMonthOf,
  isContestMonth,
  monthStart,
  monthWindow,
  monthsBetween,
  nextMonth,
  previousMonth,
} from './contest.js';

describe('contest months', () => {
  it('puts an instant in the month of the site time zone, not of UTC', () => {
    // 03:30 UTC on 1 December is still 30 November, 20:30, in Phoenix (UTC-7 all year).
    expect(contestMonthOf(new Date('2026-12-01T03:30:00Z'), 'America/Phoenix')).toBe('2026-11');
    expect(contestMonthOf(new Date('2026-12-01T03:30:00Z'), 'UTC')).toBe('2026-12');
    expect(contestMonthOf(new Date('2026-12-01T07:00:00Z'), 'America/Phoenix')).toBe('2026-12');
  });

  it('starts a month at local midnight, across daylight saving changes too', () => {
    expect(monthStart('2026-12', 'America/Phoenix').toISOString()).toBe('2026-12-01T07:00:00.000Z');
    // New York: EDT (UTC-4) in October, EST (UTC-5) from 1 November 2026 on.
    expect(monthStart('2026-10', 'America/New_York').toISOString()).toBe('2026-10-01T04:00:00.000Z');
    expect(monthStart('2026-11', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(monthStart('2026-12', 'America/New_York').toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(monthStart('2027-04', 'America/New_York').toISOString()).toBe('2027-04-01T04:00:00.000Z');
    expect(monthStart('2026-07', 'Pacific/Auckland').toISOString()).toBe('2026-06-30T12:00:00.000Z');
  });

  it('gives each month a half-open window that meets the next one', () => {
    const november = monthWindow('2026-11', 'America/New_York');
    const december = monthWindow('2026-12', 'America/New_York');
    expect(november.end).toEqual(december.start);
    const justBefore = new Date(november.end.getTime() - 1);
    expect(contestMonthOf(justBefore, 'America/New_York')).toBe('2026-11');
    expect(contestMonthOf(november.end, 'America/New_York')).toBe('2026-12');
  });

  it('steps and lists months across a year end', () => {
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(previousMonth('2027-01')).toBe('2026-12');
    expect(monthsBetween('2026-11', '2027-02')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthsBetween('2027-02', '2026-11')).toEqual([]);
  });

  it('accepts only YYYY-MM', () => {
    expect(isContestMonth('2026-11')).toBe(true);
    for (const bad of ['2026-13', '2026-1', '26-11', '2026-11-01', "2026-11' or 1=1"]) {
      expect(isContestMonth(bad)).toBe(false);
    }
  });
});
