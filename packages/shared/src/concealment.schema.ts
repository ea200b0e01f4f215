import { z } from './zod.js';
import { observers, viewingDistances } from './concealment.js';

/**
 * Replies about predicted concealment (issue 27): per observer and distance, the predicted hiding
 * (0-100), and once the game has calibrated the predictor, the predicted median seconds for a
 * person to find the target. The plain words are in concealment.ts.
 */

export const observerSchema = z.enum(observers);
export const viewingDistanceSchema = z.coerce
  .number()
  .refine((d) => (viewingDistances as readonly number[]).includes(d), 'Choose 10, 25, 50 or 100 m.');

export const predictionSchema = z.object({
  observer: observerSchema,
  distanceM: z.number().int().positive(),
  /** 0-100; null where the target would be under 8 px or over half the photo (out of range). */
  hiding: z.number().int().min(0).max(100).nullable(),
  /** Predicted median seconds for a person to find it; null until the game has calibrated it. */
  medianSeconds: z.number().nonnegative().nullable(),
});
export type Prediction = z.infer<typeof predictionSchema>;

export const measuredHidingSchema = z.object({
  /** The game's score: mean seconds hidden (Kaplan-Meier, up to 15 s). */
  score: z.number().nonnegative(),
  rounds: z.number().int().nonnegative(),
});

/** A design's predicted hiding in its own photo, with the game's measure once it exists. */
export const designConcealmentSchema = z.object({
  /** Empty until the design has been predicted (a job, seconds after it is made). */
  predictions: z.array(predictionSchema),
  /** True once a fit of the predictor to rounds played is in use. */
  calibrated: z.boolean(),
  measured: measuredHidingSchema.nullable(),
});
export type DesignConcealment = z.infer<typeof designConcealmentSchema>;

/** Designs A and B on the choose screen, each in the uploaded photo. */
export const variantConcealmentSchema = z.object({
  A: z.array(predictionSchema),
  B: z.array(predictionSchema),
  calibrated: z.boolean(),
});
export type VariantConcealment = z.infer<typeof variantConcealmentSchema>;

export const viewerQuerySchema = z.object({
  observer: observerSchema,
  distance: viewingDistanceSchema,
});

/** A gallery card's hiding figure and where it comes from. */
export const cardHidingSchema = z
  .object({
    source: z.enum(['measured', 'predicted']),
    /** Measured: seconds hidden (0-15). Predicted: 0-100, or seconds once calibrated. */
    value: z.number(),
    /** Rounds behind a measured value. */
    rounds: z.number().int().nonnegative(),
    /** Predicted values are on the measured scale (seconds) once the predictor is calibrated. */
    calibrated: z.boolean(),
  })
  .nullable();
export type CardHiding = z.infer<typeof cardHidingSchema>;

/**
 * A design's versatility (issue 28): its predicted hiding at the rankings' default eye (ground.ts)
 * across a fixed sample of photos of other designs from its state, median and worst; null until
 * measured.
 */
export const versatilitySchema = z
  .object({
    median: z.number().int(),
    worst: z.number().int(),
    places: z.number().int().nonnegative(),
    /** "Works across N places": see ground.ts#earnsVersatilityBadge. */
    badge: z.boolean(),
  })
  .nullable();
export type Versatility = z.infer<typeof versatilitySchema>;

/** The calibration as the insights page shows it. */
export const calibrationSchema = z.object({
  /** reversed: the latest fit went against the literature on a measure and is not used (decision 026). */
  status: z.enum(['fitted', 'too-few-rounds', 'reversed']),
  /** The measures a reversed fit went against the literature on; empty otherwise. */
  reversed: z.array(z.string()),
  fittedAt: z.string().nullable(),
  rounds: z.number().int().nonnegative(),
  designs: z.number().int().nonnegative(),
  /** Rounds needed before a fit is used. */
  roundsNeeded: z.number().int().nonnegative(),
  /** Over designs with a measured score: share of pairs ordered alike, Spearman's rho. */
  pairwiseAgreement: z.number().nullable(),
  spearman: z.number().nullable(),
  comparedDesigns: z.number().int().nonnegative(),
  weights: z.record(z.string(), z.number()).nullable(),
});
export type Calibration = z.infer<typeof calibrationSchema>;
