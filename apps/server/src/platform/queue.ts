import { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from './db/database.js';

/**
 * Every job the system runs, from its queue name to its payload type. A handler is registered
 * for each at start-up; `startWorkers` refuses to start when one is missing, so a job cannot be
 * sent that nothing will ever process.
 */
export interface JobMap {
  /** Generate designs A and B for an uploaded environment photo. */
  'generate-designs': { photoId: string };
  /** Make the one edit of a design, claimed at `claimedAt` (ISO time). */
  'edit-design': { designId: string; claimedAt: string };
  /** Record the result of every contest month that has ended (scheduled; safe to run twice). */
  'contest-close': Record<string, never>;
  /** Measure a submitted design against its photo (G2-G4), for the hide-and-seek insights. */
  'measure-design': { designId: string };
  /** Predict how well a design's images hide in its photo (A and B, then the final one). */
  'predict-design': { designId: string };
  /** Predict a design's images at dawn or dusk (decision 034), asked for by a page. */
  'predict-dusk': { designId: string };
  /** Fit the predictor to the rounds played (scheduled daily; safe to run twice). */
  'calibrate-predictor': Record<string, never>;
  /** Keep a submitted design's features for ranking it in people's own photos (issue 28). */
  'design-features': { designId: string };
  /** Features of submitted designs that have none, a batch a run, sent again until none is left. */
  'backfill-features': Record<string, never>;
  /** The second pass: score designs in full in a ground photo at one eye. */
  'score-ground': {
    photoId: string;
    observer: 'deer' | 'person';
    distanceM: number;
    /** Absent in jobs sent before decision 034's lights: daylight. */
    light?: 'daylight' | 'twilight';
    designIds: string[];
  };
  /** Versatility of a state's designs (all of them), or of one design just submitted. */
  versatility: { state: string; designId?: string };
  /** The weekly refresh: a versatility job per state. */
  'versatility-refresh': Record<string, never>;
  /** Remove ground photos not kept after 30 days (scheduled daily). */
  'ground-expiry': Record<string, never>;
  /** Draw a breeding ground's generation (0: its founders), once the one before is judged (decision 038). */
  'breed-generation': { groundId: string; generation: number };
}
export type JobName = keyof JobMap;

export type JobHandler<K extends JobName> = (
  data: JobMap[K],
  job: { id: string; retryCount: number },
) => Promise<void>;
export type JobHandlers = { [K in JobName]: JobHandler<K> };

/**
 * pg-boss queue settings. Heartbeats let a job whose worker died (kill -9, a lost machine) be
 * retried within about `heartbeatSeconds` instead of waiting for its expiry; handlers are safe to
 * run twice, so a retry resumes or redoes the work without duplicating it.
 */
const QUEUE_OPTIONS = {
  'generate-designs': {
    retryLimit: 3,
    retryDelay: 1,
    retryBackoff: true,
    retryDelayMax: 30,
    expireInSeconds: 15 * 60,
    heartbeatSeconds: 10,
    notify: true,
  },
  // The edit box waits for it: picked up at once. It may run as long as one design's deadline;
  // an edit claim outlives it (designs.repository.ts#EDIT_CLAIM_MS).
  'edit-design': {
    retryLimit: 2,
    retryDelay: 1,
    expireInSeconds: 10 * 60,
    heartbeatSeconds: 10,
    notify: true,
  },
  'contest-close': {
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 10 * 60,
  },
  'measure-design': {
    retryLimit: 2,
    retryDelay: 10,
    expireInSeconds: 5 * 60,
  },
  // The choose screen waits for it: picked up at once, not at the next poll.
  'predict-design': {
    retryLimit: 2,
    retryDelay: 5,
    expireInSeconds: 5 * 60,
    notify: true,
  },
  // Sent when a page asks for dawn or dusk's figures and they are missing: one per design, waiting
  // or running, however often it is asked (the page polls), picked up at once. ('short' kept one
  // waiting: a poll while one ran sent a second, which measured the same images again beside it.)
  'predict-dusk': {
    policy: 'exclusive',
    retryLimit: 2,
    retryDelay: 5,
    expireInSeconds: 5 * 60,
    notify: true,
  },
  'calibrate-predictor': {
    retryLimit: 2,
    retryDelay: 60,
    expireInSeconds: 30 * 60,
  },
  'design-features': { retryLimit: 2, retryDelay: 10, expireInSeconds: 5 * 60 },
  'backfill-features': { retryLimit: 3, retryDelay: 30, expireInSeconds: 30 * 60 },
  // A ranking page waits for it: picked up at once.
  'score-ground': { retryLimit: 1, retryDelay: 2, expireInSeconds: 5 * 60, notify: true },
  versatility: { retryLimit: 2, retryDelay: 60, expireInSeconds: 60 * 60 },
  'versatility-refresh': { retryLimit: 2, retryDelay: 60, expireInSeconds: 10 * 60 },
  'ground-expiry': { retryLimit: 2, retryDelay: 60, expireInSeconds: 10 * 60 },
  // One job per ground and generation, waiting or running (sent with that singletonKey): every
  // round that completes a generation's judging sends it, and a start sends it again.
  'breed-generation': {
    policy: 'exclusive',
    retryLimit: 3,
    retryDelay: 30,
    expireInSeconds: 30 * 60,
    notify: true,
  },
} satisfies Record<JobName, object>;

/** Every job's name, from its settings above (which the type-check holds to JobMap's names). */
export const jobNames = Object.keys(QUEUE_OPTIONS) as JobName[];

/** The jobs that carry no data: only they run on a schedule. */
type ScheduledJob = { [K in JobName]: JobMap[K] extends Record<string, never> ? K : never }[JobName];

/**
 * What a domain gives the job queue (issue 42 item 3): its handlers, its cron schedules (in the
 * site's time zone) and what it sends at every start (catch-up work; every job is safe to run
 * twice). Each domain declares its own in `<domain>.jobs.ts`; compose.ts lists the domains.
 */
export interface DomainJobs {
  handlers: Partial<JobHandlers>;
  schedules?: readonly { name: ScheduledJob; cron: string }[];
  /** Run once each time the workers start, after every handler is registered. */
  atStart?: () => Promise<void>;
  /** Stops what atStart left running (a timer). */
  stop?: () => void;
}

/**
 * Starts the workers for every job the domains handle (a job handled twice, or by none, refuses to
 * start), then each domain's schedules and start-up sends, in the order the domains are listed.
 */
export async function startDomainJobs(
  queue: JobQueue,
  domains: readonly DomainJobs[],
  options: { concurrency: number; timeZone: string },
): Promise<void> {
  const handlers: Partial<Record<JobName, unknown>> = {};
  for (const domain of domains)
    for (const name of Object.keys(domain.handlers) as JobName[]) {
      if (handlers[name]) throw new Error(`Two domains handle the job ${name}`);
      handlers[name] = domain.handlers[name];
    }
  await queue.startWorkers(handlers as Partial<JobHandlers>, options.concurrency);
  for (const domain of domains) {
    for (const { name, cron } of domain.schedules ?? [])
      await queue.schedule(name, cron, {}, options.timeZone);
    await domain.atStart?.();
  }
}

export interface JobQueue {
  /**
   * Sends a job; null when refused. `singletonKey` on a queue with a policy (predict-dusk's
   * 'short') keeps one job per key waiting.
   */
  send<K extends JobName>(
    name: K,
    data: JobMap[K],
    options?: { id?: string; singletonKey?: string },
  ): Promise<string | null>;
  /**
   * Sends the job on a cron schedule in a time zone (one schedule per name across all
   * processes; an occurrence missed while nothing ran is sent once at the next start).
   */
  schedule<K extends JobName>(name: K, cron: string, data: JobMap[K], timeZone: string): Promise<void>;
  /** Starts processing with one handler per job; throws when a job has none. */
  startWorkers(handlers: Partial<JobHandlers>, concurrency: number): Promise<void>;
  stop(): Promise<void>;
}

export async function createQueue(database: Database, log: Logger): Promise<JobQueue> {
  const boss = new PgBoss({
    ...database.queueConnection,
    schema: 'pgboss',
    useListenNotify: true,
    superviseIntervalSeconds: 5,
    monitorIntervalSeconds: 5,
  });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'job queue error'));
  boss.on('warning', (warning: unknown) => log.debug({ warning }, 'job queue warning'));
  await boss.start();
  for (const name of jobNames) {
    const existing = await boss.getQueue(name);
    const options = QUEUE_OPTIONS[name];
    const policy = 'policy' in options ? options.policy : 'standard';
    // A queue's policy is fixed when it is made: one made under another is made again. Only an
    // on-demand queue's policy has changed (predict-dusk's), whose jobs whoever still wants them
    // sends again, so the jobs dropped with it are not lost work.
    const stale = existing !== null && (existing.policy ?? 'standard') !== policy;
    if (stale) await boss.deleteQueue(name);
    if (!existing || stale) await boss.createQueue(name, options);
  }
  const workerIds = new Map<JobName, string[]>();

  return {
    async send(name, data, options = {}) {
      const id = await boss.send(name, data, {
        ...(options.id ? { id: options.id } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      });
      // A worker in this process picks the job up now rather than at its next poll.
      for (const workerId of workerIds.get(name) ?? []) boss.notifyWorker(workerId);
      return id;
    },

    async schedule(name, cron, data, timeZone) {
      await boss.schedule(name, cron, data, { tz: timeZone, missed: 'once' });
    },

    async startWorkers(handlers, concurrency) {
      const missing = jobNames.filter((name) => !handlers[name]);
      if (missing.length > 0) throw new Error(`No handler registered for job(s): ${missing.join(', ')}`);
      for (const name of jobNames) {
        const handler = handlers[name] as JobHandler<typeof name>;
        const ids: string[] = [];
        for (let i = 0; i < concurrency; i++) {
          ids.push(
            await boss.work<JobMap[typeof name]>(
              name,
              { pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 5 },
              async ([job]) => {
                if (job) await handler(job.data, { id: job.id, retryCount: job.retryCount ?? 0 });
              },
            ),
          );
        }
        workerIds.set(name, ids);
      }
    },

    async stop() {
      await boss.stop({ graceful: true, timeout: 5_000 });
    },
  };
}
