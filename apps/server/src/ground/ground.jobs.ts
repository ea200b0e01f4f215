import type { Logger } from 'pino';
import type { ActiveWeights } from '../concealment/prediction-scores.js';
import type { DomainJobs, JobQueue } from '../platform/queue.js';
import type { Storage } from '../platform/storage.js';
import type { GroundRepository } from './ground.repository.js';
import type { GroundEngine } from './design-in-photo.js';
import type { GroundService } from './ground.service.js';
import { measureVersatility } from './versatility.js';

/** Ground photos not kept are removed daily; versatility is measured again weekly (issue 28). */
const GROUND_EXPIRY_CRON = '41 3 * * *';
const VERSATILITY_CRON = '23 4 * * 1';
/** Designs given features per backfill job (it sends itself again while there are more). */
const FEATURES_PER_BACKFILL = 100;

/**
 * "My ground" (issue 28): submitted designs get their features (resumably, then versatility for
 * every state once they are done), a ranking's second pass scores designs in full, versatility is
 * measured again weekly, and ground photos not kept are removed after 30 days.
 */
export function groundJobs(deps: {
  ground: GroundService;
  repo: GroundRepository;
  queue: () => JobQueue;
  /** The engine's threads; without them versatility is not measured. */
  engine: GroundEngine | null;
  storage: Storage;
  weights: () => Promise<ActiveWeights>;
  /** A state's versatility changed: the gallery's cards show it. */
  onVersatility: () => void;
  log: Logger;
}): DomainJobs {
  const { ground, repo, queue } = deps;
  return {
    handlers: {
      'design-features': async ({ designId }) => {
        await ground.computeFeatures(designId);
        const state = await repo.stateOf(designId);
        if (state) await queue().send('versatility', { state, designId });
      },
      'backfill-features': async () => {
        const batch = await ground.withoutFeatures(FEATURES_PER_BACKFILL);
        for (const designId of batch) await ground.computeFeatures(designId);
        if (batch.length === FEATURES_PER_BACKFILL) {
          await queue().send('backfill-features', {});
          return;
        }
        // Every design has features: states with designs not yet measured are measured.
        for (const { state, unmeasured } of await repo.versatilityStates())
          if (unmeasured > 0) await queue().send('versatility', { state });
      },
      'score-ground': ({ photoId, observer, distanceM, light, designIds }) =>
        ground.score(photoId, { observer, distanceM, light: light ?? 'daylight' }, designIds),
      versatility: async ({ state, designId }) => {
        if (!deps.engine) return;
        await measureVersatility({
          state,
          designId,
          repo,
          storage: deps.storage,
          engine: deps.engine,
          weights: await deps.weights(),
          log: deps.log,
        });
        deps.onVersatility();
      },
      'versatility-refresh': async () => {
        for (const { state } of await repo.versatilityStates()) await queue().send('versatility', { state });
      },
      'ground-expiry': async () => {
        await ground.removeExpired();
      },
    },
    schedules: [
      { name: 'ground-expiry', cron: GROUND_EXPIRY_CRON },
      { name: 'versatility-refresh', cron: VERSATILITY_CRON },
    ],
    atStart: async () => {
      await queue().send('ground-expiry', {});
      await queue().send('backfill-features', {});
    },
  };
}
