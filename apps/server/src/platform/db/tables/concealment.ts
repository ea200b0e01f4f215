import type { PredictorWeights } from '@camo/camo-engine';
import type { Observer } from '@camo/shared/concealment';
import {
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
} from 'drizzle-orm/pg-core';
import type { PredictorCheck } from '../types.js';
import { designRef } from './designs.js';

/** Predicted hiding: each design's place per eye and distance, and the predictor's fits. */

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
    designId: designRef('design_id'),
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
