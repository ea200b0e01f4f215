import { z } from './zod.js';
import { trophyWinnerSchema } from './api.schema.js';

export * from './contest.js';

/** One row of a month's standings or results, ranked by counted votes (the tie rule below). */
export const contestStandingSchema = z.object({
  rank: z.number().int().positive(),
  designId: z.string(),
  name: z.string(),
  userId: z.string(),
  designerName: z.string(),
  thumbnailUrl: z.string().nullable(),
  state: z.string(),
  /** Votes that count for the month's result. */
  countedVotes: z.number().int().nonnegative(),
  /** When the entry reached its counted total (the tie-break); null without counted votes. */
  reachedAt: z.string().nullable(),
});
export type ContestStanding = z.infer<typeof contestStandingSchema>;

/** The rules as the server applies them, so the page shows the configured values. */
export const contestRulesSchema = z.object({
  timeZone: z.string(),
  /** A vote counts in the contest only when the voter's account is at least this old. */
  minAccountAgeHours: z.number().nonnegative(),
});
export type ContestRules = z.infer<typeof contestRulesSchema>;

const monthSchema = z.string().regex(/^\d{4}-\d{2}$/);

export const contestMonthSummarySchema = z.object({
  month: monthSchema,
  startsAt: z.string(),
  closesAt: z.string(),
  entries: z.number().int().nonnegative(),
  voters: z.number().int().nonnegative(),
});

/**
 * GET /api/contest (public, like the home page's Trophy Club): the rules, the open month's counts
 * and close, and the closed months' winners.
 */
export const contestOverviewSchema = z.object({
  rules: contestRulesSchema,
  /** The server's clock when it answered (the countdown does not trust the device's clock). */
  now: z.string(),
  current: contestMonthSummarySchema,
  archive: z.array(
    contestMonthSummarySchema.extend({
      closedAt: z.string(),
      winner: contestStandingSchema.nullable(),
    }),
  ),
});
export type ContestOverview = z.infer<typeof contestOverviewSchema>;

/** GET /api/contest/standings (signed in, as the gallery is): the open month's live top 10. */
export const contestStandingsSchema = z.object({
  month: monthSchema,
  standings: z.array(contestStandingSchema),
});
export type ContestStandings = z.infer<typeof contestStandingsSchema>;

/** GET /api/contest/months/:month (signed in): a closed month's full results. */
export const contestResultsSchema = contestMonthSummarySchema.extend({
  closedAt: z.string(),
  results: z.array(contestStandingSchema),
});
export type ContestResults = z.infer<typeof contestResultsSchema>;

/** GET /api/contest/winners: the Trophy Club and the month whose VOTE NOW card is shown. */
export const trophyClubSchema = z.object({
  winners: z.array(trophyWinnerSchema),
  currentMonth: monthSchema,
});
export type TrophyClub = z.infer<typeof trophyClubSchema>;

/** GET /api/designs/:id/contest: the contest a design entered, and how its votes count. */
export const designContestSchema = z.object({
  entry: z
    .object({
      month: monthSchema,
      closesAt: z.string(),
      /** The close has passed (the result may still be being recorded). */
      closed: z.boolean(),
      /** Place in the recorded result of a closed month (null while open or not yet recorded). */
      rank: z.number().int().positive().nullable(),
      won: z.boolean(),
      /** Votes that count for the month's result (so far, while it is open). */
      countedVotes: z.number().int().nonnegative(),
      /** Votes cast after the close: they count in the gallery only. */
      votesAfterClose: z.number().int().nonnegative(),
      /** Votes from accounts younger than the rules allow: gallery only. */
      newAccountVotes: z.number().int().nonnegative(),
    })
    .nullable(),
});
export type DesignContest = z.infer<typeof designContestSchema>;

/** A designer's contest wins (their profile's badges). */
export const designerWinsSchema = z.object({
  wins: z.array(z.object({ month: monthSchema, designId: z.string(), name: z.string() })),
});
export type DesignerWins = z.infer<typeof designerWinsSchema>;
