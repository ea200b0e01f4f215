import { z } from './zod.js';

export * from './hunt.js';

export const huntRoundSchema = z.object({
  roundId: z.string(),
  /** Served once: the first request starts the clock. */
  imageUrl: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  timeLimitMs: z.number().int().positive(),
});
export type HuntRound = z.infer<typeof huntRoundSchema>;

/**
 * Starting a round when nothing is left to play (the player has had every design there is, or
 * there is none but their own): not an error, so not a 404 logged in the browser's console.
 */
export const huntNothingToPlaySchema = z.object({ round: z.null(), message: z.string() });
export type HuntNothingToPlay = z.infer<typeof huntNothingToPlaySchema>;

/**
 * Starting a round: the room the page has for the picture, in CSS pixels, and the screen's pixel
 * ratio, so the picture is made at the screen's shape and the target at a size a person can find
 * there. Without it, a landscape 960 x 600 room.
 */
export const huntRoundStartSchema = z
  .object({
    viewport: z
      .object({
        width: z.number().int().min(160).max(8000),
        height: z.number().int().min(120).max(8000),
        pixelRatio: z.number().finite().min(0.5).max(5).default(1),
      })
      .optional(),
    /**
     * Play a breeding ground's rounds (its page's button, decision 038): the player chooses the
     * ground, never the design. Without it, rounds come from the gallery and every active ground.
     */
    groundId: z.uuid('Not a valid breeding ground id.').optional(),
  })
  .default({});
export type HuntRoundStart = z.infer<typeof huntRoundStartSchema>;

/** A tap, in the image's own pixels. */
export const huntTapSchema = z.object({
  x: z.number().finite().min(0).max(10_000),
  y: z.number().finite().min(0).max(10_000),
});

export const huntRevealSchema = z.object({
  /** Where the target was: its box in image pixels. */
  box: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
  design: z.object({
    id: z.string(),
    name: z.string(),
    designerName: z.string(),
    /** A breeding ground's design (decision 038): its page is /breeding/designs/:id, not the gallery's. */
    groundId: z.string().optional(),
  }),
});

export const huntTapResultSchema = z.discriminatedUnion('result', [
  /** Not there: the miss is counted, and the round goes on while misses are left. */
  z.object({ result: z.literal('miss'), misses: z.number().int(), missesLeft: z.number().int().min(1) }),
  /** The last miss a round allows (HUNT_MAX_MISSES): not found. */
  z.object({ result: z.literal('out_of_misses'), misses: z.number().int(), reveal: huntRevealSchema }),
  z.object({
    result: z.literal('found'),
    ms: z.number().int(),
    misses: z.number().int(),
    reveal: huntRevealSchema,
  }),
  /** The 15 s ran out before this tap: not found. */
  z.object({ result: z.literal('timeout'), misses: z.number().int(), reveal: huntRevealSchema }),
  /** Faster than a person can react: the round is discarded, not counted. */
  z.object({ result: z.literal('too_fast'), reveal: huntRevealSchema }),
]);
export type HuntTapResult = z.infer<typeof huntTapResultSchema>;

export const huntTimeoutResultSchema = z.object({
  result: z.literal('timeout'),
  misses: z.number().int(),
  reveal: huntRevealSchema,
});

/**
 * The tab was hidden during the round: it is void and counts nowhere (not in the design's score,
 * the player's record, the weekly board or the insights).
 */
export const huntHiddenResultSchema = z.object({
  result: z.literal('void'),
  /** Where the target was and whose design: only once the clock had started (a round made void before tells nothing). */
  reveal: huntRevealSchema.nullable(),
});
export type HuntHiddenResult = z.infer<typeof huntHiddenResultSchema>;

export const concealmentSchema = z.object({
  rounds: z.number().int(),
  found: z.number().int(),
  foundShare: z.number(),
  medianMs: z.number().nullable(),
  meanHiddenMs: z.number(),
  /** True once there are enough rounds to show the score as the design's. */
  scored: z.boolean(),
  curve: z.array(z.object({ ms: z.number(), hidden: z.number() })),
});
export type Concealment = z.infer<typeof concealmentSchema>;

export const huntPlayerSchema = z.object({
  rounds: z.number().int(),
  found: z.number().int(),
  hitRate: z.number(),
  medianMs: z.number().nullable(),
});
export type HuntPlayer = z.infer<typeof huntPlayerSchema>;

/** The Trophy Club's other title: each month's best-hiding entry (at least 20 rounds). */
export const bestHidingSchema = z.object({
  months: z.array(
    z.object({
      month: z.string().regex(/^\d{4}-\d{2}$/),
      designId: z.string(),
      patternName: z.string(),
      designerName: z.string(),
      imageUrl: z.string().nullable(),
      /** Mean seconds hidden from hunters, up to the 15 s of a round. */
      meanHiddenSeconds: z.number(),
    }),
  ),
});
export type BestHiding = z.infer<typeof bestHidingSchema>;

/** The score of every scored design beside the engine's measures, and how well each predicts it. */
export const huntInsightsSchema = z.object({
  points: z.array(
    z.object({
      designId: z.string(),
      name: z.string(),
      /** Mean seconds hidden (the concealment score). */
      score: z.number(),
      /** G2: weighted mean CIEDE2000 from the photo's colours to the design's. */
      coverage: z.number(),
      /** G3: total variation distance of the colour shares. */
      shareTv: z.number(),
      /** G4: gap between the design's and the photo's spectral slope. */
      slopeGap: z.number(),
    }),
  ),
  /** Spearman's rank correlation of each measure with the score; null with too few designs. */
  correlations: z.object({
    coverage: z.number().nullable(),
    shareTv: z.number().nullable(),
    slopeGap: z.number().nullable(),
  }),
});
export type HuntInsights = z.infer<typeof huntInsightsSchema>;

export const huntBoardSchema = z.object({
  weekStart: z.string(),
  players: z.array(
    z.object({
      rank: z.number().int(),
      userId: z.string(),
      displayName: z.string(),
      rounds: z.number().int(),
      found: z.number().int(),
      medianMs: z.number().nullable(),
    }),
  ),
});
export type HuntBoard = z.infer<typeof huntBoardSchema>;
