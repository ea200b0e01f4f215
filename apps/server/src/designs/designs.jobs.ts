import type { DomainJobs } from '../platform/queue.js';
import type { DesignsService } from './designs.service.js';

/** The one edit of a design, made by a job the edit box follows (claimed at `claimedAt`). */
export function designsJobs(designs: DesignsService): DomainJobs {
  return {
    handlers: {
      'edit-design': ({ designId, claimedAt }) => designs.runEdit(designId, new Date(claimedAt)),
    },
  };
}
