import type { DomainJobs } from '../platform/queue.js';
import type { DesignMeasuresService } from './design-measures.service.js';

/**
 * A submitted design measured against its photo (G2-G4) for the game's insights, on the engine's
 * threads; without them (a test's own provider), the job does nothing.
 */
export function huntJobs(measures: DesignMeasuresService): DomainJobs {
  return {
    handlers: {
      'measure-design': ({ designId }) => measures.measure(designId),
    },
  };
}
