import type { DomainJobs } from '../platform/queue.js';
import type { DesignMeasuresService } from './design-measures.service.js';

/**
 * A submitted design measured against its photo (G2-G4) for the game's insights, with the engine's
 * threads; without them (a provider that has no measure), the job does nothing.
 */
export function huntJobs(
  measures: DesignMeasuresService,
  measureWith: Parameters<DesignMeasuresService['measure']>[1] | null,
): DomainJobs {
  return {
    handlers: {
      'measure-design': async ({ designId }) => {
        if (measureWith) await measures.measure(designId, measureWith);
      },
    },
  };
}
