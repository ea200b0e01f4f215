import type { DomainJobs, JobQueue } from '../platform/queue.js';
import type { ContestService } from './contest.service.js';

/** Two minutes past midnight on the 1st: after the month's end and CLOSE_GRACE_MS. */
const CONTEST_CLOSE_CRON = '2 0 1 * *';

/**
 * Each month is closed just after it ends in the site's time zone; a close missed while the server
 * was down is caught up at every start, as a job (closeDue records every ended month not recorded),
 * so start-up does not wait for it and a failure is retried.
 */
export function contestJobs(contest: ContestService, queue: () => JobQueue): DomainJobs {
  return {
    handlers: {
      'contest-close': async () => {
        await contest.closeDue();
      },
    },
    schedules: [{ name: 'contest-close', cron: CONTEST_CLOSE_CRON }],
    atStart: async () => {
      await queue().send('contest-close', {});
    },
  };
}
