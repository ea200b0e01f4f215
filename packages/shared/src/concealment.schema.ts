import { z } from './zod.js';
import { observers, outOfRangeReasons, viewingDistances } from './concealment.js';
import { lights } from './vocabulary.js';

/**
 * Replies about predicted concealment (issue 27): per observer and distance, the predicted hiding
 * (0-100), and once the game has calibrated the predictor, the predicted median seconds for a
 * person to find the target. The plain words are in concealment.ts.
 */

export const observerSchema = z.enum(observers);
export const viewingDistanceSchema = z.coerce
  .number()
  .refine((d) => (viewingDistances as readonly number[]).includes(d), 'Choose 10, 25, 50 or 100 m.');

export const lightSchema = z.enum(lights);

export const predictionSchema = z.object({
  observer: observerSchema,
  distanceM: z.number().int().positive(),
  /** The light the eye sees it in (decision 034). */
  light: lightSchema,
  /** 0-100, the average over the samples (decision 028); null where out of range. */
  hiding: z.number().int().min(0).max(100).nullable(),
  /**
   * The standard error of `hiding` over its samples of placements and tile phases (one decimal);
   * null out of range, or for a prediction made before samples were kept.
   */
  se: z.number().nonnegative().nullable(),
  /** Why there is no figure, where `hiding` is null (and known). */
  outOfRange: z.enum(outOfRangeReasons).nullable(),
  /** Where the viewer's hunter stands: centre and height as shares of the photo; null if not known. */
  at: z.object({ x: z.number(), y: z.number(), height: z.number() }).nullable(),
  /** The photo as the predictor took it: a view with depth, or a close-up of ground (decision 028). */
  ground: z.enum(['view', 'close-up']).nullable(),
  /**
   * The eye sees finer detail than the photo holds at this distance, so the figure leaves the
   * pattern's finest detail out (decision 037); false where not known.
   */
  limitedByPhoto: z.boolean(),
  /** Predicted median seconds for a person to find it; null until the game has calibrated it. */
  medianSeconds: z.number().nonnegative().nullable(),
});
export type Prediction = z.infer<typeof predictionSchema>;

export const measuredHidingSchema = z.object({
  /** The game's score: mean seconds hidden (Kaplan-Meier, up to 15 s). */
  score: z.number().nonnegative(),
  rounds: z.number().int().nonnegative(),
});

const shapeClassSchema = z.object({
  widthCm: z.number().nonnegative(),
  /** Metres beyond which the class blends; null beyond 200 m; 0 never apart. */
  blendM: z.number().nonnegative().nullable(),
});

/** A design's shapes at its repeat: each eye in each light (decision 034; words in shapes.ts). */
export const designShapesSchema = z.object({
  repeatCm: z.number().positive(),
  figures: z.array(
    z.object({
      observer: observerSchema,
      light: lightSchema,
      classes: z.object({ small: shapeClassSchema, middle: shapeClassSchema, large: shapeClassSchema }),
    }),
  ),
});
export type DesignShapes = z.infer<typeof designShapesSchema>;

/** A design's predicted hiding in its own photo, with the game's measure once it exists. */
export const designConcealmentSchema = z.object({
  /** Empty until the design has been predicted (a job, seconds after it is made). */
  predictions: z.array(predictionSchema),
  /** True once a fit of the predictor to rounds played is in use. */
  calibrated: z.boolean(),
  /** The shown image's shapes and their blend distances; null until measured. */
  shapes: designShapesSchema.nullable(),
  measured: measuredHidingSchema.nullable(),
  /** The image shown has no prediction yet: it is being measured (issue 39). */
  measuring: z.boolean().optional(),
  /**
   * Once the design has an edit, which image the figures are of: the edited one, the original,
   * the edited one still measuring, or the original until a draft's edit is measured at submission.
   */
  figuresOf: z
    .enum(['edited', 'original', 'edited-measuring', 'original-until-submitted'])
    .nullable()
    .optional(),
});
export type DesignConcealment = z.infer<typeof designConcealmentSchema>;

/** Designs A and B on the choose screen, each in the uploaded photo. */
/**
 * A against B at one eye and distance, over the same samples (decision 028): A's hiding less B's,
 * its standard error, and whether the gap is reliable (more than 2.8 standard errors).
 */
export const hidingGapSchema = z.object({
  observer: observerSchema,
  distanceM: z.number().int().positive(),
  light: lightSchema,
  difference: z.number(),
  se: z.number().nonnegative(),
  reliable: z.boolean(),
});
export type HidingGap = z.infer<typeof hidingGapSchema>;

export const variantConcealmentSchema = z.object({
  A: z.array(predictionSchema),
  B: z.array(predictionSchema),
  /** One per eye and distance where both are in range and were measured on the same samples. */
  gaps: z.array(hidingGapSchema),
  calibrated: z.boolean(),
});
export type VariantConcealment = z.infer<typeof variantConcealmentSchema>;

/**
 * A design's figures, or A and B's: asking for dawn or dusk measures it if it is not yet
 * (decision 034: measured on request, not for every design).
 */
export const figuresQuerySchema = z.object({ light: lightSchema.default('daylight') });

export const viewerQuerySchema = z.object({
  observer: observerSchema,
  distance: viewingDistanceSchema,
  /** Daylight unless asked (decision 034). */
  light: lightSchema.default('daylight'),
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
 * For whom and how far a gallery card's hiding figure is (issue 39), whether it is still being
 * measured, and its place in "Hardest to spot" among the designs listed: a range where figures
 * cannot be told apart (from, to; equal when its place is certain).
 */
export const cardHidingAtSchema = z.object({
  observer: observerSchema,
  distanceM: z.number().int().positive(),
  /** Its figure is being computed (the design's final image has no prediction yet). */
  pending: z.boolean(),
  place: z.object({ from: z.number().int().positive(), to: z.number().int().positive() }).nullable(),
});
export type CardHidingAt = z.infer<typeof cardHidingAtSchema>;

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

/**
 * How a fit orders designs of photos it did not see against their game scores (decision 029): the
 * share of pairs in the same order and Spearman's rho, each with its 95% interval (a bootstrap over
 * photos), and the designs, pairs and photos they stand on.
 */
export const agreementSchema = z.object({
  pairwiseAgreement: z.number().nullable(),
  pairwiseInterval: z.tuple([z.number(), z.number()]).nullable(),
  spearman: z.number().nullable(),
  spearmanInterval: z.tuple([z.number(), z.number()]).nullable(),
  designs: z.number().int().nonnegative(),
  pairs: z.number().int().nonnegative(),
  photos: z.number().int().nonnegative(),
});
export type Agreement = z.infer<typeof agreementSchema>;

/** The calibration as the insights page shows it. */
export const calibrationSchema = z.object({
  /**
   * fitted: in use. reversed: against the literature on a measure (decision 026). not-better: it
   * orders designs it did not see no better than the mean-colour difference alone. unchecked: too
   * few designs with a game score of their own to judge it (decision 029). Only fitted is used.
   */
  status: z.enum(['fitted', 'too-few-rounds', 'reversed', 'not-better', 'unchecked']),
  /** The measures a reversed fit went against the literature on; empty otherwise. */
  reversed: z.array(z.string()),
  fittedAt: z.string().nullable(),
  rounds: z.number().int().nonnegative(),
  designs: z.number().int().nonnegative(),
  /** Rounds needed before a fit is used. */
  roundsNeeded: z.number().int().nonnegative(),
  /** The fit's agreement on designs of photos it did not see: share of pairs ordered alike, rho. */
  pairwiseAgreement: z.number().nullable(),
  spearman: z.number().nullable(),
  comparedDesigns: z.number().int().nonnegative(),
  /** The check, cross-validated (decision 029); null (or absent) for a fit from before it. */
  check: z
    .object({
      fitted: agreementSchema,
      /** The mean-colour difference alone, fitted and judged the same way. */
      baseline: agreementSchema,
      /** Designs with a game score of their own needed before a fit can be judged. */
      designsNeeded: z.number().int().nonnegative(),
      /** The SD of the players' own speeds and of a round about its player's, log seconds. */
      playerSd: z.number(),
      roundSd: z.number(),
      players: z.number().int().nonnegative(),
    })
    .nullish(),
  /** Intercept, each measure's weight, the angular size's (size) and sigma. */
  weights: z.record(z.string(), z.number()).nullable(),
});
export type Calibration = z.infer<typeof calibrationSchema>;
