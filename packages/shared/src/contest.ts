/**
 * The monthly contest's calendar (no zod: the web app imports it too). A contest month is a
 * calendar month in the site's time zone, written 'YYYY-MM'. Instants are computed on the server
 * from the configured zone (style.md: time in one place), never from a browser's local time.
 */

export type ContestMonth = string;

/** The site's default time zone (issue: America/Phoenix, which keeps no daylight saving time). */
export const DEFAULT_CONTEST_TIME_ZONE = 'America/Phoenix';

/**
 * The first month decided by votes. April to August 2025 are the Trophy Club's seeded history;
 * designs submitted before September 2025 are not contest entries.
 */
export const FIRST_COMPUTED_MONTH: ContestMonth = '2025-09';

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isContestMonth(value: string): boolean {
  return MONTH_PATTERN.test(value);
}

function parseMonth(month: ContestMonth): { year: number; month: number } {
  const match = MONTH_PATTERN.exec(month);
  if (!match) throw new RangeError(`not a contest month: ${month}`);
  return { year: Number(match[1]), month: Number(match[2]) };
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

function formatMonth(year: number, month: number): ContestMonth {
  return `${year}-${pad2(month)}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Throws a RangeError for a name the runtime's time zone database does not know. */
export function assertTimeZone(timeZone: string): void {
  formatterFor(timeZone);
}

/** How far the zone's wall clock is ahead of UTC at this instant, in milliseconds. */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((part) => part.type === type)?.value ?? 0);
  const wallClockAsUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return wallClockAsUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The contest month an instant falls in, in the given zone. */
export function contestMonthOf(instant: Date, timeZone: string): ContestMonth {
  const wall = new Date(instant.getTime() + zoneOffsetMs(instant, timeZone));
  return formatMonth(wall.getUTCFullYear(), wall.getUTCMonth() + 1);
}

export function nextMonth(month: ContestMonth): ContestMonth {
  const { year, month: m } = parseMonth(month);
  return m === 12 ? formatMonth(year + 1, 1) : formatMonth(year, m + 1);
}

export function previousMonth(month: ContestMonth): ContestMonth {
  const { year, month: m } = parseMonth(month);
  return m === 1 ? formatMonth(year - 1, 12) : formatMonth(year, m - 1);
}

/** The instant a month begins: midnight on its first day in the zone. */
export function monthStart(month: ContestMonth, timeZone: string): Date {
  const { year, month: m } = parseMonth(month);
  const wallMidnight = Date.UTC(year, m - 1, 1);
  // The offset at local midnight may differ from the offset at UTC midnight (a DST change in
  // between), so it is looked up again at the first estimate.
  let instant = wallMidnight - zoneOffsetMs(new Date(wallMidnight), timeZone);
  instant = wallMidnight - zoneOffsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

/** A month's entries are submitted in [start, end); its votes count until `end`, the close. */
export function monthWindow(month: ContestMonth, timeZone: string): { start: Date; end: Date } {
  return { start: monthStart(month, timeZone), end: monthStart(nextMonth(month), timeZone) };
}

/** The contest month a design submitted at this instant entered (null: before the contest). */
export function entryMonthOf(submittedAt: Date | null, timeZone: string): ContestMonth | null {
  if (!submittedAt) return null;
  const month = contestMonthOf(submittedAt, timeZone);
  return month >= FIRST_COMPUTED_MONTH ? month : null;
}

/** Every month from `first` to `last`, both included (empty when `first` is after `last`). */
export function monthsBetween(first: ContestMonth, last: ContestMonth): ContestMonth[] {
  const months: ContestMonth[] = [];
  for (let month = first; month <= last; month = nextMonth(month)) months.push(month);
  return months;
}
