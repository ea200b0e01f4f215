import type { DesignsRepository } from '../designs/designs.repository.js';
import { isCommunityVisible } from '../designs/design-policy.js';
import { shownPhotoBytes } from '../engine/shown-photo.js';
import type { GroundRepository } from '../ground/ground.repository.js';
import type { Storage } from '../platform/storage.js';
import type { ActiveWeights } from '../concealment/prediction-scores.js';
import type { Logger } from 'pino';
import type { Config } from '../platform/config.js';
import type { Db } from '../platform/db/database.js';
import type { JobQueue } from '../platform/queue.js';
import type { BreedingEngine } from './breeding-draw.js';
import { breedingJobs, sendDraw } from './breeding.jobs.js';
import { createBreedingRepository } from './breeding.repository.js';
import { createBreedingService, type GroundSource } from './breeding.service.js';

/**
 * Where a ground's place comes from (decision 038): a gallery design the community may see, with
 * its photo as the pages show it, or the starter's own ground photo, theirs alone.
 */
export function groundSources(deps: {
  designs: Pick<DesignsRepository, 'findById'>;
  /** Reached when asked: compose builds the ground domain after the game's. */
  ground: () => Pick<GroundRepository, 'photo' | 'image'>;
  storage: Storage;
}) {
  return {
    async designSource(designId: string) {
      const design = await deps.designs.findById(designId);
      const photoKey = design?.environmentPhotoUrl;
      if (!design || !photoKey || !isCommunityVisible(design.status)) return null;
      const source: Omit<GroundSource, 'photo'> = {
        state: design.state,
        county: design.county === 'N/A' ? '' : design.county,
        description: design.environmentDescription,
        toggles: design.designToggles,
        sourceDesignId: design.id,
      };
      return { ...source, photo: () => shownPhotoBytes(deps.storage, photoKey) };
    },
    async ownPhoto(photoId: string, userId: string) {
      const ground = deps.ground();
      return (await ground.photo(photoId))?.userId === userId ? ground.image(photoId) : null;
    },
  };
}

/** The breeding domain as compose.ts wires it: its service, and its jobs for the domain list. */
export function composeBreeding(deps: {
  db: Db;
  config: Pick<Config, 'breeding' | 'contest'>;
  designs: Pick<DesignsRepository, 'findById'>;
  ground: () => Pick<GroundRepository, 'photo' | 'image'>;
  storage: Storage;
  /** Submits a pending design under a name (the designs domain's submit). */
  submit: (designId: string, userId: string, name: string) => Promise<unknown>;
  engine: BreedingEngine | null;
  /** The predictor's weights in use (concealment's). */
  weights: () => Promise<ActiveWeights>;
  queue: () => JobQueue;
  log: Logger;
  now?: () => Date;
}) {
  const repo = createBreedingRepository(deps.db, {
    minAccountAgeHours: deps.config.contest.minAccountAgeHours,
  });
  const service = createBreedingService({
    repo,
    ...groundSources(deps),
    settings: deps.config.breeding,
    canDraw: deps.engine !== null,
    draw: sendDraw(deps.queue, deps.log),
    storage: deps.storage,
    weights: deps.weights,
    submit: deps.submit,
    now: deps.now,
  });
  return { service, jobs: breedingJobs({ repo, engine: deps.engine, queue: deps.queue, log: deps.log }) };
}
