import { formatMonthYear, monthName } from '@/lib/format';

function parts(month: string): { year: number; index: number } | null {
  const [year, monthNumber] = month.split('-').map(Number);
  if (!year || !monthNumber || monthNumber < 1 || monthNumber > 12) return null;
  return { year, index: monthNumber - 1 };
}

/** 'YYYY-MM' as "April 2025". */
export function formatContestMonth(month: string): string {
  const p = parts(month);
  return p ? formatMonthYear(p.year, p.index) : month;
}

/**
 * When a month's voting ends, in words and in the site's zone: "the end of November 30, 2026
 * (America/Phoenix time)". Calendar arithmetic only: the instant itself comes from the server.
 */
export function closeInWords(month: string, timeZone: string): string {
  const p = parts(month);
  if (!p) return month;
  const lastDay = new Date(Date.UTC(p.year, p.index + 1, 0)).getUTCDate();
  return `the end of ${monthName(p.index)} ${lastDay}, ${p.year} (${timeZone.replace(/_/g, ' ')} time)`;
}

/** "1 vote", "3 votes". */
export function votesLabel(count: number): string {
  return `${count} ${count === 1 ? 'vote' : 'votes'}`;
}

/** Days, hours, minutes and seconds left until `until`, never below zero. */
export function countdownParts(untilMs: number, nowMs: number) {
  const left = Math.max(0, Math.floor((untilMs - nowMs) / 1000));
  return {
    done: left === 0,
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
  };
}
