import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import { providerUsage } from '../platform/db/schema.js';

/** One attempt's hold on the day's budget: the day it was taken on (UTC) and how much. */
export interface Reservation {
  day: string;
  costMicros: number;
}

/** What an answered attempt actually cost, and what the answer reported. */
export interface ActualCost {
  costMicros: number;
  inputTokens: number;
  outputTokens: number;
  images: number;
}

/**
 * What an outside image service may still spend today (UTC), shared by every worker. Each attempt
 * reserves its estimated cost first, in one statement that refuses when the cap would be passed;
 * the attempt's outcome then gives the reservation back (`release`: an error answer, which is not
 * billed, or a request never sent), replaces it with the actual cost (`settle`), or leaves it
 * (an attempt whose outcome is unknown may still be billed). A reservation is settled on the day it
 * was taken, so a call across midnight cannot take from the next day's budget.
 */
export function createProviderUsage(db: Db, provider: string) {
  const row = (day: string) => and(eq(providerUsage.day, day), eq(providerUsage.provider, provider));
  return {
    /** Reserves `costMicros` of today's `capMicros`; null when it would go over. */
    async reserve(costMicros: number, capMicros: number, at: Date): Promise<Reservation | null> {
      const day = at.toISOString().slice(0, 10);
      await db.insert(providerUsage).values({ day, provider }).onConflictDoNothing();
      const rows = await db
        .update(providerUsage)
        .set({
          costMicros: sql`${providerUsage.costMicros} + ${costMicros}`,
          requests: sql`${providerUsage.requests} + 1`,
        })
        .where(and(row(day), sql`${providerUsage.costMicros} + ${costMicros} <= ${capMicros}`))
        .returning({ day: providerUsage.day });
      return rows.length > 0 ? { day, costMicros } : null;
    },

    /** Gives a reservation back: the attempt was answered with an error, or never left. */
    async release(reservation: Reservation): Promise<void> {
      await db
        .update(providerUsage)
        .set({
          costMicros: sql`greatest(${providerUsage.costMicros} - ${reservation.costMicros}, 0)`,
          released: sql`${providerUsage.released} + 1`,
        })
        .where(row(reservation.day));
    },

    /**
     * Replaces a reservation with what the answer cost. An actual cost above the estimate is
     * recorded as it is (it was spent); the next reservation then sees it.
     */
    async settle(reservation: Reservation, actual: ActualCost): Promise<void> {
      await db
        .update(providerUsage)
        .set({
          costMicros: sql`greatest(${providerUsage.costMicros} - ${reservation.costMicros} + ${actual.costMicros}, 0)`,
          settled: sql`${providerUsage.settled} + 1`,
          inputTokens: sql`${providerUsage.inputTokens} + ${actual.inputTokens}`,
          outputTokens: sql`${providerUsage.outputTokens} + ${actual.outputTokens}`,
          images: sql`${providerUsage.images} + ${actual.images}`,
        })
        .where(row(reservation.day));
    },

    /** The day's row as recorded (what the tests and an operator read). */
    async day(at: Date) {
      const rows = await db
        .select()
        .from(providerUsage)
        .where(row(at.toISOString().slice(0, 10)));
      return rows[0] ?? null;
    },
  };
}

export type ProviderUsage = ReturnType<typeof createProviderUsage>;
