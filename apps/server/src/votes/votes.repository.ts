import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import { communityVisible } from '../designs/design-queries.repository.js';
import { designs, votes } from '../platform/db/schema.js';
import { writerMayWrite } from '../platform/db/writers.js';

export function createVotesRepository(db: Db) {
  return {
    /**
     * Records the vote and counts it in one transaction. The insert only happens for a submitted
     * design of somebody else (the rule is part of the write), and the primary key (user, design)
     * makes a repeat a no-op, so the count moves exactly when a vote row was added.
     * Returns the design's count after the vote, or null when no vote could be cast (the caller
     * finds out why).
     */
    async cast(
      userId: string,
      designId: string,
      at: Date,
    ): Promise<{ voteCount: number; inserted: boolean } | null> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(votes)
          .select(
            tx
              .select({
                userId: sql<string>`${userId}::text`.as('user_id'),
                designId: designs.id,
                // The services' clock (milliseconds), so tests and the seed can date a vote. The
                // contest compares it with users.created_at, also written by this server.
                createdAt: sql<Date>`${at.toISOString()}::timestamptz`.as('created_at'),
              })
              .from(designs)
              .where(
                and(
                  eq(designs.id, designId),
                  communityVisible,
                  ne(designs.userId, userId),
                  // A blocked voter casts nothing (moderation/).
                  writerMayWrite(userId),
                ),
              ),
          )
          .onConflictDoNothing()
          .returning({ designId: votes.designId });
        if (inserted.length > 0) {
          const [row] = await tx
            .update(designs)
            .set({ voteCount: sql`${designs.voteCount} + 1` })
            .where(eq(designs.id, designId))
            .returning({ voteCount: designs.voteCount });
          if (!row) throw new Error('the voted design vanished inside the transaction');
          return { voteCount: row.voteCount, inserted: true };
        }
        return null;
      });
    },

    async hasVoted(userId: string, designId: string): Promise<boolean> {
      const [row] = await db
        .select({ designId: votes.designId })
        .from(votes)
        .where(and(eq(votes.userId, userId), eq(votes.designId, designId)))
        .limit(1);
      return Boolean(row);
    },

    async votedAmong(userId: string, designIds: string[]): Promise<string[]> {
      if (designIds.length === 0) return [];
      const rows = await db
        .select({ designId: votes.designId })
        .from(votes)
        .where(and(eq(votes.userId, userId), inArray(votes.designId, designIds)));
      return rows.map((row) => row.designId);
    },

    async design(
      designId: string,
    ): Promise<{ userId: string; status: string; voteCount: number } | undefined> {
      const [row] = await db
        .select({ userId: designs.userId, status: designs.status, voteCount: designs.voteCount })
        .from(designs)
        .where(eq(designs.id, designId))
        .limit(1);
      return row;
    },

    async countRows(designId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(votes)
        .where(eq(votes.designId, designId));
      return row?.count ?? 0;
    },
  };
}

export type VotesRepository = ReturnType<typeof createVotesRepository>;
