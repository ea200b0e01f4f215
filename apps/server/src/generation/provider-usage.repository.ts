import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import { providerUsage } from '../platform/db/schema.js';

/**
 * What an outside image service may still spend today (UTC), shared by every worker: a call
 * reserves its estimated cost first, in one statement that refuses when the cap would be passed.
 */
export function createProviderUsage(db: Db, provider: string) {
  return {
    /** Reserves `costMicros` of today's `capMicros`; false when it would go over. */
    async reserve(costMicros: number, capMicros: number, at: Date): Promise<boolean> {
      const day = at.toISOString().slice(0, 10);
      await db.insert(providerUsage).values({ day, provider }).onConflictDoNothing();
      const rows = await db
        .update(providerUsage)
        .set({
          costMicros: sql`${providerUsage.costMicros} + ${costMicros}`,
          requests: sql`${providerUsage.requests} + 1`,
        })
        .where(
          and(
            eq(providerUsage.day, day),
            eq(providerUsage.provider, provider),
            sql`${providerUsage.costMicros} + ${costMicros} <= ${capMicros}`,
          ),
        )
        .returning({ day: providerUsage.day });
      return rows.length > 0;
    },
  };
}

export type ProviderUsage = ReturnType<typeof createProviderUsage>;
