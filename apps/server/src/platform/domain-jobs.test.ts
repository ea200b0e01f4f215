import { describe, expect, it } from 'vitest';
import { startDomainJobs, type DomainJobs, type JobQueue } from './queue.js';

/** A queue that records what it is asked, in order. */
function recordingQueue() {
  const calls: string[] = [];
  const queue: JobQueue = {
    send: async (name) => {
      calls.push(`send ${name}`);
      return null;
    },
    schedule: async (name, cron, _data, timeZone) => {
      calls.push(`schedule ${name} ${cron} ${timeZone}`);
    },
    startWorkers: async (handlers, concurrency) => {
      calls.push(`workers ${Object.keys(handlers).sort().join(',')} x${concurrency}`);
    },
    stop: async () => {},
  };
  return { queue, calls };
}

describe('startDomainJobs', () => {
  it("registers every domain's handlers at once, then each domain's schedules and start-up sends in order", async () => {
    const { queue, calls } = recordingQueue();
    const domains: DomainJobs[] = [
      {
        handlers: { 'contest-close': async () => {} },
        schedules: [{ name: 'contest-close', cron: '2 0 1 * *' }],
        atStart: async () => {
          await queue.send('contest-close', {});
        },
      },
      { handlers: { 'edit-design': async () => {} } },
      {
        handlers: { 'ground-expiry': async () => {} },
        atStart: async () => {
          await queue.send('ground-expiry', {});
        },
      },
    ];
    await startDomainJobs(queue, domains, { concurrency: 2, timeZone: 'America/Denver' });
    expect(calls).toEqual([
      'workers contest-close,edit-design,ground-expiry x2',
      'schedule contest-close 2 0 1 * * America/Denver',
      'send contest-close',
      'send ground-expiry',
    ]);
  });

  it('refuses a job two domains handle', async () => {
    const { queue, calls } = recordingQueue();
    const twice: DomainJobs[] = [
      { handlers: { 'predict-design': async () => {} } },
      { handlers: { 'predict-design': async () => {} } },
    ];
    await expect(startDomainJobs(queue, twice, { concurrency: 1, timeZone: 'UTC' })).rejects.toThrow(
      'Two domains handle the job predict-design',
    );
    expect(calls).toEqual([]);
  });
});
