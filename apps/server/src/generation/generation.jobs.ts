import type { Logger } from 'pino';
import type { DomainJobs } from '../platform/queue.js';
import type { GenerationService } from './generation.service.js';

/** How often a worker looks for generations a crash left unfinished. */
const RECOVERY_INTERVAL_MS = 60_000;

/**
 * Designs A and B made by a job per upload; a worker also sweeps for generations a crash left
 * unfinished, at its start and every minute after (recoverStale: re-queued, or failed if the photo
 * was never stored).
 */
export function generationJobs(generation: GenerationService, log: Pick<Logger, 'error'>): DomainJobs {
  let recovery: NodeJS.Timeout | undefined;
  const recover = () =>
    generation.recoverStale().catch((error: unknown) => log.error({ err: error }, 'recovery sweep failed'));
  return {
    handlers: {
      'generate-designs': ({ photoId }) => generation.run(photoId),
    },
    atStart: async () => {
      await recover();
      recovery = setInterval(() => void recover(), RECOVERY_INTERVAL_MS);
      recovery.unref();
    },
    stop: () => {
      if (recovery) clearInterval(recovery);
    },
  };
}
