import { z } from './zod.js';
import { cleanText } from './text-clean.js';
import { designCardSchema } from './api.schema.js';
import { limits } from './limits.js';
import { DEFAULT_DISTANCE, DEFAULT_OBSERVER } from './concealment.js';
import { observerSchema, viewingDistanceSchema } from './concealment.schema.js';
import { COMMENT_MAX, communityMessages, GALLERY_SEARCH_MAX, gallerySorts } from './community.js';

/**
 * Votes, comments and the gallery (spec §2 /gallery and design detail, §4 Voting, §5 Comment,
 * §6, §9): the requests the browser sends and the replies the server builds. One contract for
 * both sides. Its messages and limits are in community.ts, which the browser's pages import
 * without the schemas (and without zod).
 */

export {
  COMMENT_MAX,
  communityMessages,
  GALLERY_SEARCH_MAX,
  gallerySorts,
  type GallerySort,
} from './community.js';

// --- votes ------------------------------------------------------------------------------

/** A vote carries nothing: who votes is the session, on what is the path. */
export const voteRequestSchema = z.object({}).strict();

/** `GET /api/me/votes?designIds=a,b`: which of these designs the signed-in user has voted for. */
export const MY_VOTES_MAX_IDS = 100;
export const myVotesQuerySchema = z.object({
  designIds: z
    .string()
    .max(MY_VOTES_MAX_IDS * 40)
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(z.uuid('Not a valid design id.')).max(MY_VOTES_MAX_IDS)),
});
export const myVotesSchema = z.object({ designIds: z.array(z.string()) });
export type MyVotes = z.infer<typeof myVotesSchema>;

export const voteStatusSchema = z.object({
  voteCount: z.number().int().nonnegative(),
  hasVoted: z.boolean(),
});
export type VoteStatus = z.infer<typeof voteStatusSchema>;

// --- comments -----------------------------------------------------------------------------

/**
 * The comment as typed, trimmed. It is stored as text and rendered as text, never as HTML, so
 * it is not escaped here (architecture: "Where we deliberately improve" 6).
 */
export const commentTextSchema = z
  .string()
  .transform(cleanText)
  .pipe(z.string().min(1, communityMessages.commentEmpty).max(COMMENT_MAX, communityMessages.commentTooLong));

export const createCommentSchema = z.object({ text: commentTextSchema }).strict();
export type CreateCommentRequest = z.infer<typeof createCommentSchema>;

export const commentSchema = z.object({
  id: z.string(),
  designId: z.string(),
  userId: z.string(),
  /** The commenter's current display name, 'Anonymous' when they have none. */
  userName: z.string(),
  userAvatar: z.string().nullable(),
  text: z.string(),
  createdAt: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;

/** Newest first; `count` is the number of comments on the design. */
export const commentListSchema = z.object({
  comments: z.array(commentSchema),
  count: z.number().int().nonnegative(),
});
export type CommentList = z.infer<typeof commentListSchema>;

// --- gallery ------------------------------------------------------------------------------

/** `/api/gallery` query: sort (Most Popular by default), filters, search and the page cursor. */
export const galleryQuerySchema = z.object({
  sort: z.enum(gallerySorts).default('votes'),
  state: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'A state is its two-letter code.')
    .transform((code) => code.toUpperCase())
    .optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  month: z.coerce.number().int().min(1).max(12).optional(),
  q: z.string().transform(cleanText).pipe(z.string().max(GALLERY_SEARCH_MAX)).optional(),
  /** "Hardest to spot" at this eye and distance (issue 39): the pages' one default unless chosen. */
  observer: observerSchema.default(DEFAULT_OBSERVER),
  distance: viewingDistanceSchema.default(DEFAULT_DISTANCE),
  /** Opaque: the `nextCursor` of the previous page, unchanged. */
  cursor: z.string().max(500).optional(),
});
export type GalleryQuery = z.infer<typeof galleryQuerySchema>;

export const galleryPageSchema = z.object({
  designs: z.array(designCardSchema).max(limits.galleryPageSize),
  /** Pass it back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /**
   * "Hardest to spot": how many listed designs are still being measured (their place will
   * change when their figures come in); absent for the other sorts.
   */
  measuring: z.number().int().nonnegative().optional(),
});
export type GalleryPage = z.infer<typeof galleryPageSchema>;

/** How many submitted designs each state has (the gallery's map). */
export const galleryStatesSchema = z.object({
  states: z.array(z.object({ state: z.string(), count: z.number().int().nonnegative() })),
});
export type GalleryStates = z.infer<typeof galleryStatesSchema>;
