import type { Query } from '@tanstack/react-query';

/**
 * Predictions are a job that runs seconds after a design is made: while some are missing, ask
 * again every 1.5 s, and give up after about a minute (40 answers) rather than poll forever.
 */
const POLL_MS = 1500;
export const MAX_POLLS = 40;

export function pollWhileMissing<T>(missing: (data: T) => boolean) {
  return (query: Query<T, Error, T, readonly unknown[]>): number | false => {
    const { data, status, dataUpdateCount } = query.state;
    if (status !== 'success' || data === undefined) return false;
    return missing(data) && dataUpdateCount < MAX_POLLS ? POLL_MS : false;
  };
}
