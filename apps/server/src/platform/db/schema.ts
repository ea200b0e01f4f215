import {
  designStatuses,
  environmentPhotoStatuses,
  type DesignStatus,
  type EnvironmentPhotoStatus,
} from '@camo/shared/generation.schema';
import {
  users,
  sessions,
  accounts,
  verifications,
  memberCount,
  devAccounts,
  oidcPayloads,
} from './tables/people.js';
import { environmentPhotos, designs, votes, comments } from './tables/designs.js';
import { reports, moderationLog } from './tables/moderation.js';
import { contestWinners, contestMonths, contestResults } from './tables/contest.js';
import { huntRounds, huntRoundImages } from './tables/hunt.js';
import { breedingGrounds, bredDesigns, breedingMembers } from './tables/breeding.js';
import { designHiding, predictorFits } from './tables/concealment.js';
import { designFeatures, groundPhotos, groundPhotoUploads, groundScores } from './tables/ground.js';
import { rateLimitCounters, providerUsage } from './tables/shared-state.js';

/**
 * The data model of spec §3: the tables, one file a concern under tables/, and the shapes of their
 * JSON columns in types.ts. Columns are snake_case; the property names are the specification's
 * camelCase field names, which is also what the API returns.
 *
 * `users`, `sessions`, `accounts` and `verifications` are the tables better-auth works
 * with; `users` carries the specification's profile fields beside better-auth's own.
 */

export { users, sessions, accounts, verifications, memberCount, devAccounts, oidcPayloads };
export { environmentPhotos, designs, votes, comments };
export { reports, moderationLog };
export { contestWinners, contestMonths, contestResults };
export { huntRounds, huntRoundImages };
export { breedingGrounds, bredDesigns, breedingMembers };
export type { GroundStatus, BredKind } from './tables/breeding.js';
export { designHiding, predictorFits };
export { designFeatures, groundPhotos, groundPhotoUploads, groundScores };
export { rateLimitCounters, providerUsage };
export { designStatuses, environmentPhotoStatuses, type DesignStatus, type EnvironmentPhotoStatus };
export type {
  StoredEye,
  StoredPrediction,
  DesignPredictions,
  RoundViewport,
  SceneRecord,
  RoundMeasures,
  EngineMeasures,
  PredictorAgreement,
  PredictorCheck,
} from './types.js';

export const schema = {
  users,
  sessions,
  accounts,
  verifications,
  memberCount,
  environmentPhotos,
  designs,
  votes,
  comments,
  contestWinners,
  contestMonths,
  contestResults,
  devAccounts,
  rateLimitCounters,
  oidcPayloads,
  providerUsage,
  huntRounds,
  huntRoundImages,
  breedingGrounds,
  bredDesigns,
  breedingMembers,
  predictorFits,
  designFeatures,
  groundPhotos,
  groundPhotoUploads,
  groundScores,
  designHiding,
  reports,
  moderationLog,
};
export type Schema = typeof schema;
