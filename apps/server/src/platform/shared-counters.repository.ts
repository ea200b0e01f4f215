import { inArray, lt, sql } from 'drizzle-orm';
import type { Db } from './db/database.js';
import { rateLimitCounters } from './db/schema.js';

/** One key's count in one window, as stored in rate_limit_counters. */
export interface CounterRow {
  key: string;
  windowStart: Date;
  count: number;
}

/** The SQL of the shared rate-limit counters (shared-counters.ts). */
export function sharedCountersRepository(db: Db) {
  return {
    /** Adds each row's count to its key and window; returns the new totals. */
    add(rows: CounterRow[]): Promise<CounterRow[]> {
      return db
        .insert(rateLimitCounters)
        .values(rows)
        .onConflictDoUpdate({
          target: [rateLimitCounters.key, rateLimitCounters.windowStart],
          set: { count: sql`${rateLimitCounters.count} + excluded.count` },
        })
        .returning();
    },
    /** Every stored window of these keys. */
    totals(keys: string[]): Promise<CounterRow[]> {
      return db.select().from(rateLimitCounters).where(inArray(rateLimitCounters.key, keys));
    },
    /** Deletes windows that started before `before`. */
    async prune(before: Date): Promise<void> {
      await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, before));
    },
  };
}
