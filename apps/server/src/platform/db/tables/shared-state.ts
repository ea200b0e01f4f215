import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** State every process shares: rate-limit counters and the image service's daily spend. */

/**
 * Requests counted per key and fixed window, shared by every API process (platform/shared-counters):
 * each process adds a batch of the key's budget at a time and reads back the total (decision 022).
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limit_counters_window_idx').on(t.windowStart),
  ],
);

/**
 * What an outside image service cost per day (UTC), the daily cap: every attempt reserves its
 * estimate first (generation/provider-usage.repository.ts); an attempt answered with an error or
 * never sent gives it back, an answered one replaces it with its actual cost, and one whose
 * outcome is unknown (timed out, aborted, cut off) keeps it.
 */
export const providerUsage = pgTable(
  'provider_usage',
  {
    day: text('day').notNull(),
    provider: text('provider').notNull(),
    /** Attempts that reserved the estimate. */
    requests: integer('requests').notNull().default(0),
    /** Millionths of a US dollar: actual costs, plus the estimates of attempts not settled. */
    costMicros: bigint('cost_micros', { mode: 'number' }).notNull().default(0),
    /** Attempts whose reservation was given back (an error answer, or never sent). */
    released: integer('released').notNull().default(0),
    /** Attempts whose actual cost replaced the estimate. */
    settled: integer('settled').notNull().default(0),
    /** Tokens the settled answers reported (`usage`), and the images they carried. */
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull().default(0),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull().default(0),
    images: integer('images').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.provider] })],
);
