/**
 * Numbers and dates as an en-US reader expects them, without `Intl`.
 *
 * The first `Intl.NumberFormat` or `Intl.DateTimeFormat` a page creates loads the browser's locale
 * data: 35-45 ms of main thread on our machines, 150-180 ms on Lighthouse's mobile profile, in the
 * middle of the first render (measured; docs/benchmarks.md). The site speaks US English only, so
 * the few formats it shows are written out here instead.
 */

/** January to December. */
export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 12345 as "12,345" (integers; anything else is rounded). */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const rounded = Math.round(value);
  const digits = String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return rounded < 0 ? `-${digits}` : digits;
}

/** "April 2025" for a zero-based month index. */
export function formatMonthYear(year: number, monthIndex: number): string {
  return `${monthNames[monthIndex] ?? ''} ${year}`;
}

/** "April". */
export function monthName(monthIndex: number): string {
  return monthNames[monthIndex] ?? '';
}

/**
 * "November 23, 2026": the calendar day of `iso` in the reader's time zone, or in UTC with
 * `{ utc: true }` (what the server can render before the browser's zone is known); '' when
 * `iso` is not a date.
 */
export function formatLongDate(iso: string, options: { utc?: boolean } = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return options.utc
    ? `${monthNames[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`
    : `${monthNames[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** "3:05 PM" in the reader's time zone. */
export function clockTime(date: Date): string {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "a day", "1 hour", "12 hours". */
export function hoursLabel(hours: number): string {
  if (hours === 24) return 'a day';
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}
