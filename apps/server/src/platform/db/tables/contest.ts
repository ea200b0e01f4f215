import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { designRef, designs } from './designs.js';

/** The monthly contest: the Trophy Club, the closed months and their results. */

/** Trophy Club: one winner per month; the April-August 2025 winners are seed data. */
export const contestWinners = pgTable('contest_winners', {
  month: text('month').primaryKey(),
  designId: text('design_id').references(() => designs.id, { onDelete: 'set null' }),
  patternName: text('pattern_name').notNull(),
  designerName: text('designer_name').notNull(),
  imageUrl: text('image_url').notNull(),
  voteCount: integer('vote_count'),
  createdAt: createdAt(),
});

/**
 * A closed contest month (contest/contest.service.ts#close): written once, with its results, in
 * the transaction that closes it, so a month is either closed with all its results or not at all.
 */
export const contestMonths = pgTable('contest_months', {
  month: text('month').primaryKey(),
  /** Votes cast before this instant counted; the month's end in the site's time zone. */
  closesAt: timestamp('closes_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** When the result was recorded. */
  closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }).notNull(),
  entries: integer('entries').notNull(),
  voters: integer('voters').notNull(),
  winnerDesignId: text('winner_design_id').references(() => designs.id, { onDelete: 'set null' }),
});

/** Every entry of a closed month in its final order, with the votes that counted. */
export const contestResults = pgTable(
  'contest_results',
  {
    month: text('month')
      .notNull()
      .references(() => contestMonths.month, { onDelete: 'cascade' }),
    designId: designRef('design_id'),
    rank: integer('rank').notNull(),
    countedVotes: integer('counted_votes').notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.designId] }),
    index('contest_results_month_rank_idx').on(t.month, t.rank),
    index('contest_results_design_idx').on(t.designId),
  ],
);
