import { z } from './zod.js';
import { cardHidingAtSchema, cardHidingSchema, versatilitySchema } from './concealment.schema.js';

/**
 * Shapes of the JSON the API returns. Field names follow the specification's entities
 * (camelCase); the server builds replies through these schemas, so a private field can
 * only reach a response whose schema names it.
 */

/** What anybody signed in may see of a user (designer pages, comments, cards). */
export const publicUserSchema = z.object({
  id: z.string(),
  displayName: z.string().nullable(),
  image: z.string().nullable(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** A user id in a path: the sign-in library's ids (and our tests' UUIDs), nothing else reaches SQL. */
export const userIdParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Not a valid user id.'),
});

/** The signed-in user's own record: the only reply that carries private fields. */
export const privateProfileSchema = publicUserSchema.extend({
  email: z.string(),
  phoneNumber: z.string(),
  zipCode: z.string(),
  allowPromo: z.boolean(),
  lastSignIn: z.string().nullable(),
  /** A moderator blocked this account: it may read, not post, vote or generate. */
  blocked: z.boolean(),
  /** The account moderates (its verified e-mail is in ADMIN_EMAILS). */
  moderator: z.boolean(),
  /**
   * The monthly contest's rule for new accounts (CONTEST_MIN_ACCOUNT_AGE_HOURS): votes cast
   * before `countFrom` (the account's creation plus that many hours) count in the gallery but
   * never in the contest.
   */
  contestVotes: z.object({ minAccountAgeHours: z.number().nonnegative(), countFrom: z.string() }),
});
export type PrivateProfile = z.infer<typeof privateProfileSchema>;

export const memberCountSchema = z.object({ count: z.number().int().nonnegative() });
export type MemberCount = z.infer<typeof memberCountSchema>;

export const trophyWinnerSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  patternName: z.string(),
  designerName: z.string(),
  imageUrl: z.string(),
  designId: z.string().nullable(),
  voteCount: z.number().int().nullable(),
});
export type TrophyWinner = z.infer<typeof trophyWinnerSchema>;

export const designCardSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  designerName: z.string(),
  state: z.string(),
  county: z.string(),
  status: z.string(),
  voteCount: z.number().int(),
  createdAt: z.string(),
  /** A draft's generation, for its owner: the create flow resumes at /create-design?photo=. */
  environmentPhotoId: z.string().nullable().optional(),
  /** The contest month a submitted design entered ('YYYY-MM'), null when it is not an entry. */
  contestMonth: z.string().nullable().optional(),
  /** In the gallery: whether the signed-in viewer has voted for it (decided by the server). */
  hasVoted: z.boolean().optional(),
  /**
   * Hide and seek: mean seconds the design stayed hidden from hunters (up to 15), once it has
   * enough rounds to say; null before.
   */
  concealmentScore: z.number().nullable().optional(),
  /**
   * "Hardest to spot": the game's score once measured, else the predicted hiding (0-100, or
   * seconds once the predictor is calibrated); null until the design has been predicted.
   */
  hiding: cardHidingSchema,
  /** For whom and how far `hiding` is (the gallery's chosen eye; the game's elsewhere), and its place. */
  hidingAt: cardHidingAtSchema.optional(),
  /** Predicted hiding across photos of other designs from its state (issue 28). */
  versatility: versatilitySchema.optional(),
});
export type DesignCard = z.infer<typeof designCardSchema>;

export const designListSchema = z.object({ designs: z.array(designCardSchema) });

/** Public, non-secret settings the web app needs before it can render. */
export const publicConfigSchema = z.object({
  siteName: z.string(),
  shopUrl: z.string(),
  social: z.object({
    instagram: z.string().nullable(),
    facebook: z.string().nullable(),
    youtube: z.string().nullable(),
    tiktok: z.string().nullable(),
    x: z.string().nullable(),
  }),
  /** True when "Sign in with Google" goes through the built-in development provider. */
  devSignIn: z.boolean(),
  /**
   * better-auth social provider id behind the "Sign in with Google" button: 'google' when Google
   * is configured, 'dev-oidc' when the development sign-in is on, null when neither is.
   */
  signInProvider: z.enum(['google', 'dev-oidc']).nullable(),
  /** The passwordless e-mail link: off by default, shown as coming soon. */
  emailLinkEnabled: z.boolean(),
  /** What makes the designs: the built-in engine, or an AI image service when one is configured. */
  designGenerator: z.enum(['built-in', 'ai']),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** GET /api/health: up, and whether the database answers ('degraded' with a 503 when not). */
export const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.string() });
export type Health = z.infer<typeof healthSchema>;

export const errorSchema = z.object({
  error: z.string(),
  message: z.string(),
  /** A refused edit's suggestions, as codes (edit-refusal.ts words them). */
  suggestions: z.array(z.string()).optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

export { safeRedirectPath } from './redirect.js';
