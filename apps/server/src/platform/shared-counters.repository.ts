import { lt, sql } from 'drizzle-orm';
import type { Db } from './db/database.js';
import { rateLimitCounters } from './db/schema.js';

/** The SQL of the shared rate-limit counters (shared-counters.ts). */
export function sharedCountersRepository(db: Db) {
  return {
    /**
     * Adds `count` to a key's window and returns the new total, in one statement: two processes
     * adding at once are serialised by the row, so each learns exactly which positions it added.
     */
    async add(key: string, windowStart: Date, count: number): Promise<number> {
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, windowStart, count })
        .onConflictDoUpdate({
          target: [rateLimitCounters.key, rateLimitCounters.windowStart],
          set: { count: sql`${rateLimitCounters.count} + excluded.count` },
        })
        .returning({ count: rateLimitCounters.count });
      if (!row) throw new Error('the counter upsert returned no row');
      return row.count;
    },
    /** Deletes windows that started before `before`. */
    async prune(before: Date): Promise<void> {
      await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, before));
    },
  };
}
