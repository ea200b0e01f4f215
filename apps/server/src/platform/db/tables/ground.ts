import type { ConcealmentMeasures, DesignFeatures, GroundProfile } from '@camo/camo-engine';
import type { Observer } from '@camo/shared/concealment';
import type { Light } from '@camo/shared/vocabulary';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { bytea } from './columns.js';
import { designRef, designs } from './designs.js';
import { personRef } from './people.js';

/** "My ground": each design's features, people's ground photos, their uploads and scores. */

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
    userId: personRef('user_id'),
    /** WebP, re-encoded from the upload (no metadata), at most 1280 px on its longer side. */
    image: bytea('image').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    kept: boolean('kept').notNull().default(false),
    /** The first pass's profile of the photo per eye ('deer@25', 'deer@25@twilight'), made once; null where out of range. */
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
    userId: personRef('user_id'),
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
    designId: designRef('design_id'),
    observer: text('observer').$type<Observer>().notNull(),
    distanceM: smallint('distance_m').notNull(),
    /** The light the eye sees it in (decision 034). */
    light: text('light').$type<Light>().notNull().default('daylight'),
    /** The design image scored (a new final image is scored again). */
    imageKey: text('image_key').notNull(),
    /** The predictor's measures there, or null when the distance is out of range in this photo. */
    measures: jsonb('measures').$type<ConcealmentMeasures>(),
  },
  (t) => [
    primaryKey({ columns: [t.photoId, t.observer, t.distanceM, t.light, t.designId] }),
    index('ground_scores_design_idx').on(t.designId),
  ],
);
