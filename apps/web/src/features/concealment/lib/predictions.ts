import { pollWhile } from '@/lib/poll';

/**
 * Predictions are a job that runs seconds after a design is made: while some are missing, ask
 * again every 1.5 s, and give up after about a minute (40 answers) rather than poll forever.
 */
const POLL_MS = 1500;
export const MAX_POLLS = 40;

export const pollWhileMissing = <T>(missing: (data: T) => boolean) =>
  pollWhile(missing, { everyMs: POLL_MS, atMost: MAX_POLLS });
