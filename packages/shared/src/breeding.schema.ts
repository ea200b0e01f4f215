import { breedingMessages } from './breeding.js';
import { descriptionSchema, designNameSchema, stateCodeSchema } from './generation.schema.js';
import { generationMessages } from './generation.js';
import { cleanText } from './text-clean.js';
import { z } from './zod.js';

/** Breeding grounds' API (issue 44, decision 038): the shapes the server sends and the web reads. */

export { breedingMessages, breedingStyles } from './breeding.js';

export const breedingStyleSchema = z.enum(['A', 'B']);

/**
 * Starting a ground: from a gallery design's photo (its place, state and description are the
 * design's), or from the starter's own ground photo, which they agree is shown in rounds and on the
 * ground's page (it is private until then).
 */
export const startGroundSchema = z.discriminatedUnion('source', [
  z
    .object({
      source: z.literal('design'),
      designId: z.uuid('Not a valid design id.'),
      variant: breedingStyleSchema,
    })
    .strict(),
  z
    .object({
      source: z.literal('ground'),
      photoId: z.uuid('Not a valid photo id.'),
      variant: breedingStyleSchema,
      state: stateCodeSchema,
      county: z
        .string()
        .max(100, generationMessages.unknownCounty)
        .optional()
        .transform((v) => cleanText(v ?? '')),
      description: descriptionSchema,
      agree: z.literal(true, breedingMessages.needsAgreement),
    })
    .strict(),
]);
export type StartGround = z.input<typeof startGroundSchema>;

/** A Kaplan-Meier median with its 95% interval, in ms; null where the rounds set none. */
export const medianIntervalSchema = z.object({
  medianMs: z.number().nullable(),
  lowMs: z.number().nullable(),
  highMs: z.number().nullable(),
});

/** A ground's design as its pages show it. */
export const bredDesignCardSchema = z.object({
  id: z.string(),
  /** The tile itself (PNG, 1024 px). */
  imageUrl: z.string(),
  /** Its thumbnail for tiles (WebP, 400 px). */
  thumbUrl: z.string(),
  kind: z.enum(['founder', 'child', 'control']),
  /** The generation it was drawn in. */
  born: z.number().int(),
  /** Its name on the pages: "Generation 2 · No. 5". */
  label: z.string(),
});
export type BredDesignCard = z.infer<typeof bredDesignCardSchema>;

/** A design of the generation being judged: how far its judging has come (never its times, until judged). */
export const breedingMemberSchema = bredDesignCardSchema.extend({
  line: z.enum(['bred', 'control']),
  /** Distinct players whose rounds count for it so far. */
  players: z.number().int(),
  judged: z.boolean(),
  /** The predictor's hiding figure (0-100) for a person at 25 m in the ground's photo, with its standard error. */
  predicted: z.object({ hiding: z.number(), se: z.number().nullable() }).nullable(),
});

/** One generation's two lines: the bred line's median with its interval, and the control's. */
export const generationLineSchema = z.object({
  generation: z.number().int(),
  bred: medianIntervalSchema,
  /**
   * The best fresh design judged before this generation (random search at equal rounds), by every
   * round it has had since it was picked, with its interval; null in generation 0.
   */
  control: medianIntervalSchema.nullable(),
  rounds: z.number().int(),
  /** The designs that survived to breed the next generation (ids), once it is judged. */
  survivors: z.array(z.string()),
});
export type GenerationLine = z.infer<typeof generationLineSchema>;

export const groundCardSchema = z.object({
  id: z.string(),
  state: z.string(),
  county: z.string(),
  description: z.string(),
  variant: breedingStyleSchema,
  starterName: z.string(),
  generation: z.number().int(),
  status: z.enum(['starting', 'judging', 'breeding']),
  /** The photo (WebP, at most 1280 px) and its size. */
  photoUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** The photo for cards (WebP, 480 px wide). */
  photoThumbUrl: z.string(),
  createdAt: z.string(),
});
export type GroundCard = z.infer<typeof groundCardSchema>;

export const groundListSchema = z.object({ grounds: z.array(groundCardSchema) });

export const groundPageSchema = groundCardSchema.extend({
  settings: z.object({ population: z.number().int(), judges: z.number().int(), controls: z.number().int() }),
  /** The generation being judged (empty while the first is drawn). */
  current: z.array(breedingMemberSchema),
  /** Every judged generation, and the current one so far. */
  lines: z.array(generationLineSchema),
  /** Whether the product may say breeding helped here, and the sentence it says. */
  claim: z.object({ beats: z.boolean(), message: z.string() }),
  /**
   * How often the predictor ordered two judged designs of a generation as the game did (a person at
   * 25 m): pairs compared, pairs in the game's order, and the share's 95% interval (Wilson's).
   */
  agreement: z.object({
    pairs: z.number().int(),
    agreeing: z.number().int(),
    low: z.number().nullable(),
    high: z.number().nullable(),
  }),
  /** Whether the viewer still has rounds to play in this generation (null: not signed in). */
  viewerHasRounds: z.boolean().nullable(),
});
export type GroundPage = z.infer<typeof groundPageSchema>;

/** A bred design's page: the design, its ground and its family tree back to the founders. */
export const bredDesignPageSchema = bredDesignCardSchema.extend({
  ground: groundCardSchema.pick({
    id: true,
    state: true,
    county: true,
    description: true,
    starterName: true,
  }),
  parents: z.array(z.string()),
  /** Every ancestor (and the design itself), each with its parents' ids: the tree to draw. */
  lineage: z.array(bredDesignCardSchema.extend({ parents: z.array(z.string()) })),
  /** The generations it was judged in. */
  judgedIn: z.array(z.number().int()),
  /** The gallery design it became, when someone took it there. */
  galleryDesignId: z.string().nullable(),
});
export type BredDesignPage = z.infer<typeof bredDesignPageSchema>;

/** A bred design taken into the gallery: its name, held to the rules of any design's name. */
export const takeToGallerySchema = z.object({ name: designNameSchema }).strict();
