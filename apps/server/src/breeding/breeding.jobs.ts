import type { Logger } from 'pino';
import type { DomainJobs, JobQueue } from '../platform/queue.js';
import { drawGeneration, type BreedingEngine } from './breeding-draw.js';
import type { BreedingRepository } from './breeding.repository.js';

/** The job that draws a ground's generation: one per ground and generation, waiting or running. */
const drawJob = (groundId: string, generation: number) =>
  [{ groundId, generation }, { singletonKey: `${groundId}:${generation}` }] as const;

/**
 * Sends a generation to be drawn: awaited, never failing the request that sends it (a round's
 * last tap, a ground's start), as a ground left drawing is sent again at the next start.
 */
export function sendDraw(queue: () => JobQueue, log: Pick<Logger, 'warn'>) {
  return (groundId: string, generation: number): Promise<void> =>
    queue()
      .send('breed-generation', ...drawJob(groundId, generation))
      .then(
        () => undefined,
        (error: unknown) => log.warn({ err: error, groundId, generation }, 'breeding job not queued'),
      );
}

/**
 * Breeding grounds (decision 038): a generation is drawn by a job on the worker, and at every start
 * the grounds left drawing (a crash, kill -9) are sent again: the job is safe to run twice.
 */
export function breedingJobs(deps: {
  repo: BreedingRepository;
  engine: BreedingEngine | null;
  queue: () => JobQueue;
  log: Logger;
}): DomainJobs {
  const { repo } = deps;
  return {
    handlers: {
      'breed-generation': async ({ groundId, generation }) => {
        if (!deps.engine) return;
        await drawGeneration({ repo, engine: deps.engine, log: deps.log }, groundId, generation);
      },
    },
    atStart: async () => {
      for (const ground of await repo.drawing()) {
        const next = ground.status === 'starting' ? 0 : ground.generation + 1;
        await deps.queue().send('breed-generation', ...drawJob(ground.id, next));
      }
    },
  };
}
