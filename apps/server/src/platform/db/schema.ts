import {
  designStatuses,
  environmentPhotoStatuses,
  type DesignStatus,
  type EnvironmentPhotoStatus,
  type GenerationOutcome,
  type GenerationStage,
} from '@camo/shared/generation.schema';
import type { ModerationActionKind, ReportReason, ReportStatus, ReportTarget } from '@camo/shared/moderation';
import type {
  ConcealmentMeasures,
  DesignFeatures,
  GroundProfile,
  Placement,
  PredictorWeights,
  SceneRecipe,
} from '@camo/camo-engine';
import type { Observer, OutOfRangeReason } from '@camo/shared/concealment';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The data model of spec §3. Columns are snake_case; the property names are the
 * specification's camelCase field names, which is also what the API returns.
 *
 * `users`, `sessions`, `accounts` and `verifications` are the tables better-auth works
 * with; `users` carries the specification's profile fields beside better-auth's own.
 */

/**
 * One eye at one distance (designs.concealment_predictions): the measures averaged over the
 * samples, or null out of range, and (decision 028) each sample's measures: one target placement
 * and tile phase each, in a fixed order shared by every design in the same photo, so A and B are
 * compared sample by sample. Predictions stored before decision 028 have no samples.
 */
export interface StoredEye {
  observer: Observer;
  distanceM: number;
  measures: ConcealmentMeasures | null;
  samples?: ConcealmentMeasures[];
  /** The places the samples stand at: sample i at place i mod places (a standard error's clusters). */
  places?: number;
  /** Why there is no figure, when measures is null (decision 028's placement). */
  outOfRange?: OutOfRangeReason;
  /** Where the viewer's target stands: its centre and height as shares of the photo's width and height. */
  viewerAt?: { x: number; y: number; height: number };
  /** The photo as the predictor took it: a view with depth, or a close-up of ground (decision 028). */
  ground?: 'view' | 'close-up';
}

/** A design image's measures in the design's own photo, with the image they were taken of. */
export interface StoredPrediction {
  imageKey: string;
  eyes: StoredEye[];
  /**
   * How it was measured: 2 averages over placements and tile phases with their samples (decision
   * 028); absent before. A prediction of an older version is measured again.
   */
  version?: number;
}

/** What designs.concealment_predictions holds: A and B as generated, the final image once submitted. */
export interface DesignPredictions {
  A?: StoredPrediction;
  B?: StoredPrediction;
  final?: StoredPrediction;
}

/** The room a hide-and-seek page had for the picture, in CSS pixels, and the screen's pixel ratio. */
export interface RoundViewport {
  width: number;
  height: number;
  pixelRatio: number;
}

/** What hunt_rounds.scene holds: how a round's scene was made (hunt/round-scene.ts, decision 024). */
export interface SceneRecord {
  recipe: SceneRecipe;
  /** The photo as the scene was made from it (oriented, at most 1280 px). */
  photo: { width: number; height: number };
  viewport: RoundViewport;
  /** CSS pixels per picture pixel when the picture fills the room. */
  cssPerPixel: number;
  /** The target in the picture (its centre, height and turn in picture pixels and degrees). */
  target: { silhouette: string } & Placement;
  /**
   * The target in the photo: where the ground under its centre came from, its height in photo
   * pixels, and its turn against the photo's ground (the version's turn taken off, and mirrored
   * when the version was). Null only when the scene holds no laid pixel there.
   */
  source: { x: number; y: number; size: number; rotation: number; mirrored: boolean } | null;
}

/** What hunt_rounds.measures holds: a person's measures of the round's picture (null: not measurable). */
export interface RoundMeasures {
  measures: ConcealmentMeasures | null;
}

/** What designs.engine_measures holds (hunt/insights). */
export interface EngineMeasures {
  /** Weighted mean CIEDE2000 from the photo's colour clusters to the nearest design colour. */
  coverage: number;
  /** Total variation distance between the design's and the photo's colour shares. */
  shareTv: number;
  /** Absolute difference of the spectral slopes of the design and the photo. */
  slopeGap: number;
}

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  displayName: text('display_name').notNull().default(''),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  lastSignIn: timestamp('last_sign_in', { withTimezone: true, mode: 'date' }),
  phoneNumber: text('phone_number').notNull().default(''),
  zipCode: text('zip_code').notNull().default(''),
  allowPromo: boolean('allow_promo').notNull().default(false),
  /** Set by a moderator (moderation/): a blocked user may read but not post, vote or generate. */
  blockedAt: timestamp('blocked_at', { withTimezone: true, mode: 'date' }),
  blockedReason: text('blocked_reason'),
  /**
   * When the person agreed to the Terms of Service and Privacy Policy: at sign-up, the only way an
   * account is made (issue 40; null for accounts from before the terms were recorded).
   */
  termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true, mode: 'date' }),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One row per (issuer, subject): users are identified by their provider account, not e-mail. */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true, mode: 'date' }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true, mode: 'date' }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('accounts_provider_subject_idx').on(t.providerId, t.accountId),
    index('accounts_user_idx').on(t.userId),
  ],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** spec §3 user-count/total: counts new accounts (members), never sign-ins. */
export const memberCount = pgTable('member_count', {
  id: text('id').primaryKey(),
  count: integer('count').notNull().default(0),
});

export { designStatuses, environmentPhotoStatuses, type DesignStatus, type EnvironmentPhotoStatus };

/**
 * Image columns (`photo_url`, `design_a_url`, `image_url`, ...) hold storage keys, never URLs:
 * the API turns a key into a /files/ address on the way out (storage.ts `fileUrlBuilder`), and
 * /files serves it after checking who may see it now (decision 020), so where the files live
 * (local disk or S3) changes no rows.
 */
export const environmentPhotos = pgTable(
  'environment_photos',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    county: text('county').notNull().default(''),
    description: text('description').notNull(),
    designToggles: jsonb('design_toggles').$type<Record<string, boolean>>().notNull().default({}),
    createdAt: createdAt(),
    status: text('status').$type<EnvironmentPhotoStatus>().notNull().default('pending'),
    storageKey: text('storage_key'),
    photoUrl: text('photo_url'),
    processingStarted: timestamp('processing_started', { withTimezone: true, mode: 'date' }),
    processingCompleted: timestamp('processing_completed', { withTimezone: true, mode: 'date' }),
    designAStorageUrl: text('design_a_storage_url'),
    designBStorageUrl: text('design_b_storage_url'),
    promptAId: text('prompt_a_id'),
    promptBId: text('prompt_b_id'),
    designAId: text('design_a_id'),
    designBId: text('design_b_id'),
    designDocId: text('design_doc_id'),
    error: text('error'),
    /** The pipeline stage the job is at (spec §4 progress stages); null when not running. */
    stage: text('stage').$type<GenerationStage>(),
    /** A progress note shown beside the stages (a single failed design being retried). */
    note: text('note'),
    outcome: text('outcome').$type<GenerationOutcome>(),
    /** One per Generate click: a repeated request finds this row instead of making a second job. */
    idempotencyKey: text('idempotency_key').notNull(),
  },
  (t) => [
    index('environment_photos_user_idx').on(t.userId, t.createdAt),
    // The site-wide daily quota counts the last 24 hours of everyone's generations.
    index('environment_photos_created_idx').on(t.createdAt),
    index('environment_photos_status_idx').on(t.status),
    uniqueIndex('environment_photos_idempotency_idx').on(t.userId, t.idempotencyKey),
  ],
);

export const designs = pgTable(
  'designs',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    imageUrl: text('image_url'),
    previewUrl: text('preview_url'),
    patternUrl: text('pattern_url'),
    thumbnailUrl: text('thumbnail_url'),
    /** A WebP of the chosen image at page size, made at submission (older designs: null). */
    displayUrl: text('display_url'),
    environmentDescription: text('environment_description').notNull(),
    environmentPhotoId: text('environment_photo_id').references(() => environmentPhotos.id, {
      onDelete: 'set null',
    }),
    environmentPhotoUrl: text('environment_photo_url'),
    designerName: text('designer_name').notNull().default('Anonymous'),
    createdAt: createdAt(),
    voteCount: integer('vote_count').notNull().default(0),
    state: text('state').notNull(),
    county: text('county').notNull().default('N/A'),
    generationMethod: text('generation_method').notNull().default('ai_generated'),
    status: text('status').$type<DesignStatus>().notNull().default('pending_selection'),
    designToggles: jsonb('design_toggles').$type<Record<string, boolean>>().notNull().default({}),
    designAId: text('design_a_id'),
    designAUrl: text('design_a_url'),
    markdownAnalysisA: text('markdown_analysis_a'),
    openaiResponseIdA: text('openai_response_id_a'),
    designBId: text('design_b_id'),
    designBUrl: text('design_b_url'),
    markdownAnalysisB: text('markdown_analysis_b'),
    openaiResponseIdB: text('openai_response_id_b'),
    selectedVariant: text('selected_variant').$type<'A' | 'B'>(),
    finalDesignChoice: text('final_design_choice')
      .$type<'original' | 'edited'>()
      .notNull()
      .default('original'),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    editedImageUrl: text('edited_image_url'),
    editPrompt: text('edit_prompt'),
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
    hasEdits: boolean('has_edits').notNull().default(false),
    promptA: text('prompt_a'),
    promptB: text('prompt_b'),
    story: text('story'),
    /** The engine's recipes: what an edit and the print export re-render from. */
    recipeA: jsonb('recipe_a'),
    recipeB: jsonb('recipe_b'),
    editedRecipe: jsonb('edited_recipe'),
    designAThumbnailUrl: text('design_a_thumbnail_url'),
    designBThumbnailUrl: text('design_b_thumbnail_url'),
    editedThumbnailUrl: text('edited_thumbnail_url'),
    /** Set while an edit runs: claims the one edit a design may have (see designs.repository). */
    editStartedAt: timestamp('edit_started_at', { withTimezone: true, mode: 'date' }),
    /** The edit being made (an `edit-design` job), and the stage it is at; null when none runs. */
    editRequest: text('edit_request'),
    editStage: text('edit_stage').$type<'processing_edit' | 'uploading_edited'>(),
    /** Why the last edit was not made (its message and the generator's suggestions); null after one succeeds. */
    editFailure: jsonb('edit_failure').$type<{
      request: string;
      message: string;
      /** The HTTP status and error code the edit request would have answered with. */
      statusCode: number;
      code: string;
      suggestions: string[];
    }>(),
    /** Why another generator than the design's own made the edit (e.g. the engine stood in). */
    editNote: text('edit_note'),
    /**
     * Why a variant came from another generator than the configured one (e.g. the AI service
     * failed and the built-in engine drew it); null when it came from the configured one.
     */
    generationNoteA: text('generation_note_a'),
    generationNoteB: text('generation_note_b'),
    /** Hide-and-seek rounds served with this design (hunt/): the chooser serves the fewest first. */
    huntRounds: integer('hunt_rounds').notNull().default(0),
    /**
     * Mean seconds hidden (Kaplan-Meier, up to the round's limit) once the design has enough
     * answered rounds; -1 before. Kept in the transaction that ends a round; the gallery sorts on it.
     */
    concealmentScore: real('concealment_score').notNull().default(-1),
    /** Answered rounds behind the score (found or not found; void, too fast and expired left out). */
    huntAnswered: integer('hunt_answered').notNull().default(0),
    /**
     * The engine's measures of the submitted image against its photo's ground (G2 coverage, G3
     * colour shares, G4 texture slope), for comparing with the concealment score; null until the
     * measure-design job has run.
     */
    engineMeasures: jsonb('engine_measures').$type<EngineMeasures>(),
    /** Why a moderator hid the design (status `hidden`); its owner is shown it. */
    hiddenReason: text('hidden_reason'),
    /**
     * The predictor's measures of A, B and the final image in the design's own photo, per observer
     * and distance (concealment/prediction-scores.ts); null until the predict-design job has run.
     */
    concealmentPredictions: jsonb('concealment_predictions').$type<DesignPredictions>(),
    /**
     * "Hardest to spot" (decision 017): 2 = the game's score, or a prediction on its scale once
     * calibrated; 1 = a prediction (0-100) before any calibration; 0 = not yet predicted.
     */
    hidingGroup: smallint('hiding_group').notNull().default(0),
    /** The figure ordered within the group: seconds hidden in group 2, 0-100 in group 1. */
    hidingRank: real('hiding_rank').notNull().default(-1),
    /**
     * Versatility (issue 28, ground/): the design's predicted hiding across a fixed sample of
     * photos of other designs from its state, median and worst (0-100), and how many photos;
     * -1 and 0 until the weekly versatility job has measured it.
     */
    versatilityMedian: real('versatility_median').notNull().default(-1),
    versatilityWorst: real('versatility_worst').notNull().default(-1),
    versatilityPlaces: smallint('versatility_places').notNull().default(0),
  },
  (t) => [
    // One design record per generation, however often its job runs.
    uniqueIndex('designs_environment_photo_idx').on(t.environmentPhotoId),
    index('designs_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('designs_status_votes_idx').on(t.status, t.voteCount.desc(), t.createdAt.desc()),
    index('designs_status_created_idx').on(t.status, t.createdAt.desc()),
    index('designs_state_idx').on(t.status, t.state, t.createdAt.desc()),
    // The gallery's keyset orders over submitted designs (gallery.repository): id breaks ties.
    index('designs_gallery_votes_idx')
      .on(t.voteCount.desc(), t.submittedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'submitted'`),
    index('designs_gallery_recent_idx')
      .on(t.submittedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'submitted'`),
    index('designs_gallery_state_votes_idx')
      .on(t.state, t.voteCount.desc(), t.submittedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'submitted'`),
    index('designs_hunt_rounds_idx')
      .on(t.huntRounds, t.id)
      .where(sql`${t.status} = 'submitted'`),
    index('designs_gallery_hiding_idx')
      .on(t.hidingGroup.desc(), t.hidingRank.desc(), t.submittedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'submitted'`),
    index('designs_gallery_versatile_idx')
      .on(t.versatilityMedian.desc(), t.submittedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'submitted'`),
    index('designs_gallery_state_recent_idx')
      .on(t.state, t.submittedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'submitted'`),
  ],
);

/** One vote per user per design is the primary key itself (architecture §improvements 1). */
export const votes = pgTable(
  'votes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    designId: text('design_id')
      .notNull()
      .references(() => designs.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.designId] }),
    // The contest counts a design's votes cast before a month's close.
    index('votes_design_idx').on(t.designId, t.createdAt),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: text('id').primaryKey(),
    designId: text('design_id')
      .notNull()
      .references(() => designs.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userName: text('user_name').notNull().default('Anonymous'),
    userAvatar: text('user_avatar'),
    text: text('text').notNull(),
    createdAt: createdAt(),
    /** Set by a moderator: a hidden comment leaves the list and the count. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('comments_design_created_idx').on(t.designId, t.createdAt.desc())],
);

/**
 * A person's report of a design or a comment. One per reporter and item; it stays `open` until a
 * moderator acts on the item, then records the outcome its reporter is shown.
 */
export const reports = pgTable(
  'reports',
  {
    id: text('id').primaryKey(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type').$type<ReportTarget>().notNull(),
    /** The design's or the comment's id. */
    targetId: text('target_id').notNull(),
    /** The design concerned (a comment's design): a report goes with it. */
    designId: text('design_id')
      .notNull()
      .references(() => designs.id, { onDelete: 'cascade' }),
    /** Whose content it is, at the time of the report. */
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<ReportReason>().notNull(),
    details: text('details').notNull().default(''),
    status: text('status').$type<ReportStatus>().notNull().default('open'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('reports_reporter_target_idx').on(t.reporterId, t.targetType, t.targetId),
    index('reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    index('reports_target_idx').on(t.targetType, t.targetId),
    index('reports_reporter_created_idx').on(t.reporterId, t.createdAt.desc()),
  ],
);

/** Every moderator action, with who and why (kept when the moderator's account goes). */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: text('id').primaryKey(),
    adminId: text('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').$type<ModerationActionKind>().notNull(),
    targetType: text('target_type').$type<'design' | 'comment' | 'user'>().notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_log_created_idx').on(t.createdAt.desc())],
);

/** Trophy Club: one winner per month; the April-August 2025 winners are seed data. */
export const contestWinners = pgTable('contest_winners', {
  month: text('month').primaryKey(),
  designId: text('design_id').references(() => designs.id, { onDelete: 'set null' }),
  patternName: text('pattern_name').notNull(),
  designerName: text('designer_name').notNull(),
  imageUrl: text('image_url').notNull(),
  voteCount: integer('vote_count'),
  createdAt: createdAt(),
});

/**
 * A closed contest month (contest/contest.service.ts#close): written once, with its results, in
 * the transaction that closes it, so a month is either closed with all its results or not at all.
 */
export const contestMonths = pgTable('contest_months', {
  month: text('month').primaryKey(),
  /** Votes cast before this instant counted; the month's end in the site's time zone. */
  closesAt: timestamp('closes_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** When the result was recorded. */
  closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }).notNull(),
  entries: integer('entries').notNull(),
  voters: integer('voters').notNull(),
  winnerDesignId: text('winner_design_id').references(() => designs.id, { onDelete: 'set null' }),
});

/** Every entry of a closed month in its final order, with the votes that counted. */
export const contestResults = pgTable(
  'contest_results',
  {
    month: text('month')
      .notNull()
      .references(() => contestMonths.month, { onDelete: 'cascade' }),
    designId: text('design_id')
      .notNull()
      .references(() => designs.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
    countedVotes: integer('counted_votes').notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.designId] }),
    index('contest_results_month_rank_idx').on(t.month, t.rank),
    index('contest_results_design_idx').on(t.designId),
  ],
);

/**
 * A hide-and-seek round (hunt/): one player, one design hidden in one photo. The target's place
 * stays on the server until the round ends; the clock runs from when the image was served.
 */
export const huntRounds = pgTable(
  'hunt_rounds',
  {
    id: text('id').primaryKey(),
    playerId: text('player_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    designId: text('design_id')
      .notNull()
      .references(() => designs.id, { onDelete: 'cascade' }),
    /** Storage key of the photo the target is hidden in (the design's own or another of its state). */
    photoKey: text('photo_key').notNull(),
    silhouette: text('silhouette').notNull(),
    /** The target's centre in image pixels, its height in pixels and its rotation in degrees. */
    x: real('x').notNull(),
    y: real('y').notNull(),
    size: real('size').notNull(),
    rotation: real('rotation').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** created -> served -> found | timeout | out_of_misses | too_fast | void | expired */
    status: text('status').notNull().default('created'),
    misses: integer('misses').notNull().default(0),
    createdAt: createdAt(),
    servedAt: timestamp('served_at', { withTimezone: true, mode: 'date' }),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    /** Time from serving to the hit, or the limit when not found. */
    elapsedMs: integer('elapsed_ms'),
    /** A person's view of the round's own picture, measured once for the calibration (decision 017). */
    measures: jsonb('measures').$type<RoundMeasures>(),
    /**
     * How the round's scene was made (decision 024): its synthesis recipe, the player's screen, the
     * target in the picture and in the photo; null for rounds played before scenes were synthesised.
     */
    scene: jsonb('scene').$type<SceneRecord>(),
  },
  (t) => [
    index('hunt_rounds_design_idx').on(t.designId, t.status),
    uniqueIndex('hunt_rounds_player_design_idx').on(t.playerId, t.designId),
    index('hunt_rounds_ended_idx').on(t.endedAt),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres gives a Buffer, PGlite a Uint8Array.
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A round's composed picture until its one serving (hunt/round.service.ts). It lives here, not in
 * the file store, because stored files are public (/files locally, the bucket's address on S3):
 * here nothing but the round's own image route can read it, and that route deletes the row as it
 * reads it.
 */
export const huntRoundImages = pgTable('hunt_round_images', {
  roundId: text('round_id')
    .primaryKey()
    .references(() => huntRounds.id, { onDelete: 'cascade' }),
  jpeg: bytea('jpeg').notNull(),
});

/**
 * What ranking a design in someone's own photo needs (issue 28, ground/): per submitted design,
 * of the image people see, computed once (at submission, or by the resumable backfill job).
 */
export const designFeatures = pgTable(
  'design_features',
  {
    designId: text('design_id')
      .primaryKey()
      .references(() => designs.id, { onDelete: 'cascade' }),
    /** The image the features were taken from: a new final image is measured again. */
    imageKey: text('image_key').notNull(),
    /** The engine's DesignFeatures: palette in CIELAB with shares, texture and edge statistics. */
    features: jsonb('features').$type<DesignFeatures>().notNull(),
    /** A small tile of the design (PNG) for the second pass, so it reads no stored file. */
    tile: bytea('tile').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('design_features_computed_idx').on(t.computedAt)],
);

/**
 * A photo of someone's own ground (issue 28): private to its owner, so its bytes live here and not
 * in the file store, whose files are public. Removed after 30 days unless kept.
 */
export const groundPhotos = pgTable(
  'ground_photos',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** WebP, re-encoded from the upload (no metadata), at most 1280 px on its longer side. */
    image: bytea('image').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    kept: boolean('kept').notNull().default(false),
    /** The first pass's profile of the photo per eye ('deer@25'), made once; null where out of range. */
    profiles: jsonb('profiles').$type<Record<string, GroundProfile | null>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('ground_photos_user_idx').on(t.userId, t.createdAt.desc()),
    index('ground_photos_expiry_idx')
      .on(t.createdAt)
      .where(sql`not ${t.kept}`),
  ],
);

/** Each upload of a ground photo, for the daily limit (a deleted photo still counts that day). */
export const groundPhotoUploads = pgTable(
  'ground_photo_uploads',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('ground_photo_uploads_user_idx').on(t.userId, t.at)],
);

/** A design's hiding in a ground photo by the full compositor and predictor (the second pass). */
export const groundScores = pgTable(
  'ground_scores',
  {
    photoId: text('photo_id')
      .notNull()
      .references(() => groundPhotos.id, { onDelete: 'cascade' }),
    designId: text('design_id')
      .notNull()
      .references(() => designs.id, { onDelete: 'cascade' }),
    observer: text('observer').$type<Observer>().notNull(),
    distanceM: smallint('distance_m').notNull(),
    /** The design image scored (a new final image is scored again). */
    imageKey: text('image_key').notNull(),
    /** The predictor's measures there, or null when the distance is out of range in this photo. */
    measures: jsonb('measures').$type<ConcealmentMeasures>(),
  },
  (t) => [
    primaryKey({ columns: [t.photoId, t.observer, t.distanceM, t.designId] }),
    index('ground_scores_design_idx').on(t.designId),
  ],
);

/**
 * A design's place in "Hardest to spot" at each eye and distance (issue 39): the same group and
 * rank as the design's own hiding_group and hiding_rank (decision 017), which are the game's eye's,
 * for every observer and distance, so the gallery orders by the eye a person chose. The game's
 * measured score counts at its own eye only (a person at 10 m). Written with the predictions
 * (concealment/eye-hiding.repository.ts); a design without rows is not yet predicted.
 */
export const designHiding = pgTable(
  'design_hiding',
  {
    designId: text('design_id')
      .notNull()
      .references(() => designs.id, { onDelete: 'cascade' }),
    observer: text('observer').$type<Observer>().notNull(),
    distanceM: smallint('distance_m').notNull(),
    /** 2 = the game's score or a calibrated prediction (seconds), 1 = a prediction (0-100), 0 = none. */
    hidingGroup: smallint('hiding_group').notNull(),
    hidingRank: real('hiding_rank').notNull(),
    /** The rank's standard error on the same scale; null for the game's own score or a single sample. */
    hidingSe: real('hiding_se'),
  },
  (t) => [
    primaryKey({ columns: [t.designId, t.observer, t.distanceM] }),
    // The gallery's keyset order at one eye (gallery.repository); submitted_at and id break ties.
    index('design_hiding_order_idx').on(
      t.observer,
      t.distanceM,
      t.hidingGroup.desc(),
      t.hidingRank.desc(),
      t.designId,
    ),
  ],
);

/** How a fit did on designs of photos it did not see, and its baseline's (decision 029). */
export interface PredictorAgreement {
  pairwiseAgreement: number | null;
  pairwiseInterval: [number, number] | null;
  spearman: number | null;
  spearmanInterval: [number, number] | null;
  designs: number;
  pairs: number;
  photos: number;
}
export interface PredictorCheck {
  playerSd: number;
  roundSd: number;
  players: number;
  folds: number;
  fitted: PredictorAgreement;
  baseline: PredictorAgreement;
  beatsBaseline: boolean;
}

/** Each calibration of the predictor on the game's rounds, kept (decision 017); the latest fitted one is used. */
export const predictorFits = pgTable(
  'predictor_fits',
  {
    id: serial('id').primaryKey(),
    fittedAt: timestamp('fitted_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** fitted | too-few-rounds | reversed (a fit against the literature, not used; decision 026) */
    status: text('status').notNull(),
    rounds: integer('rounds').notNull(),
    designs: integer('designs').notNull(),
    weights: jsonb('weights').$type<PredictorWeights>(),
    pairwiseAgreement: real('pairwise_agreement'),
    spearman: real('spearman'),
    comparedDesigns: integer('compared_designs').notNull(),
    /**
     * The fit's check (decision 029): the players' and the rounds' SDs, and the agreement on designs
     * of photos left out, the fit's and the mean-colour baseline's, each with its 95% interval and
     * counts; null for runs from before it.
     */
    check: jsonb('fit_check').$type<PredictorCheck>(),
  },
  (t) => [index('predictor_fits_status_idx').on(t.status, t.fittedAt.desc())],
);

/** Test accounts of the built-in development sign-in provider (never used in production). */
export const devAccounts = pgTable('dev_accounts', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  avatarUrl: text('avatar_url'),
  createdAt: createdAt(),
});

/**
 * Requests counted per key and fixed window, shared by every API process (platform/shared-counters):
 * each process adds a batch of the key's budget at a time and reads back the total (decision 022).
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limit_counters_window_idx').on(t.windowStart),
  ],
);

/** The development sign-in provider's state (sessions, codes, grants), shared by every API process. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/**
 * What an outside image service cost per day (UTC), the daily cap: every attempt reserves its
 * estimate first (generation/provider-usage.repository.ts); an attempt answered with an error or
 * never sent gives it back, an answered one replaces it with its actual cost, and one whose
 * outcome is unknown (timed out, aborted, cut off) keeps it.
 */
export const providerUsage = pgTable(
  'provider_usage',
  {
    day: text('day').notNull(),
    provider: text('provider').notNull(),
    /** Attempts that reserved the estimate. */
    requests: integer('requests').notNull().default(0),
    /** Millionths of a US dollar: actual costs, plus the estimates of attempts not settled. */
    costMicros: bigint('cost_micros', { mode: 'number' }).notNull().default(0),
    /** Attempts whose reservation was given back (an error answer, or never sent). */
    released: integer('released').notNull().default(0),
    /** Attempts whose actual cost replaced the estimate. */
    settled: integer('settled').notNull().default(0),
    /** Tokens the settled answers reported (`usage`), and the images they carried. */
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull().default(0),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull().default(0),
    images: integer('images').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.provider] })],
);

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
