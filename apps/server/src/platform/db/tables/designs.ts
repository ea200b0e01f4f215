import type {
  DesignStatus,
  EnvironmentPhotoStatus,
  GenerationOutcome,
  GenerationStage,
} from '@camo/shared/generation.schema';
import { DEFAULT_REPEAT_CM } from '@camo/shared/shapes';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bredDesigns } from './breeding.js';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import type { DesignPredictions, EngineMeasures } from '../types.js';
import { personRef } from './people.js';

/** Designs and what the community adds to them: environment photos, designs, votes, comments. */

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
    userId: personRef('user_id'),
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
    userId: personRef('user_id'),
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
    /**
     * How wide one tile of the design is printed, in cm (decision 035): chosen by its owner when
     * submitting, fixed after; every figure of the final image is measured at it.
     */
    repeatCm: smallint('repeat_cm').notNull().default(DEFAULT_REPEAT_CM),
    /** Why a moderator hid the design (status `hidden`); its owner is shown it. */
    hiddenReason: text('hidden_reason'),
    /**
     * The breeding ground's design this one was taken from (decision 038): its lineage and credit.
     * Its one image is design A; it has a photo row of its own (a copy of the ground's photo).
     */
    bredDesignId: text('bred_design_id').references((): AnyPgColumn => bredDesigns.id, {
      onDelete: 'set null',
    }),
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
    // A bred design goes into the gallery once (decision 038).
    uniqueIndex('designs_bred_design_idx')
      .on(t.bredDesignId)
      .where(sql`${t.bredDesignId} is not null`),
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

/** A design's id as another table holds it: its rows go when it does. */
export const designRef = (column: string) =>
  text(column)
    .notNull()
    .references(() => designs.id, { onDelete: 'cascade' });

/** One vote per user per design is the primary key itself (architecture §improvements 1). */
export const votes = pgTable(
  'votes',
  {
    userId: personRef('user_id'),
    designId: designRef('design_id'),
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
    designId: designRef('design_id'),
    userId: personRef('user_id'),
    userName: text('user_name').notNull().default('Anonymous'),
    userAvatar: text('user_avatar'),
    text: text('text').notNull(),
    createdAt: createdAt(),
    /** Set by a moderator: a hidden comment leaves the list and the count. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('comments_design_created_idx').on(t.designId, t.createdAt.desc())],
);
