import { and, asc, desc, eq, gte, inArray, isNotNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../platform/db/database.js';
import {
  contestMonths,
  contestResults,
  contestWinners,
  designs,
  users,
  votes,
} from '../platform/db/schema.js';
import { communityVisible, designerNameSql } from '../designs/design-queries.repository.js';
import { personNameSql } from '../platform/db/person-name.js';

/** The rules a count applies: the month's window and the youngest account whose vote counts. */
export interface CountRules {
  start: Date;
  /** The close: only votes cast before it count. */
  end: Date;
  minAccountAgeSeconds: number;
}

export interface StandingRow {
  designId: string;
  name: string;
  userId: string;
  designerName: string;
  thumbnailKey: string | null;
  state: string;
  countedVotes: number;
  reachedAt: Date | null;
}

export interface ClosedMonthRow {
  month: string;
  closesAt: Date;
  closedAt: Date;
  entries: number;
  voters: number;
}

const owner = alias(users, 'owner');
const voter = alias(users, 'voter');

/** A vote counts when its account was old enough at the time of the vote (anti-brigading). */
function counted(rules: CountRules): SQL {
  return sql`${voter.createdAt} <= ${votes.createdAt} - make_interval(secs => ${rules.minAccountAgeSeconds})`;
}

/** What an entry shows in standings and results: the design, its designer's current name. */
const entryColumns = {
  designId: designs.id,
  name: designs.name,
  userId: designs.userId,
  designerName: designerNameSql(owner.displayName),
  thumbnailKey: designs.thumbnailUrl,
  state: designs.state,
};

const ts = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** Submitted designs entered in the month: submitted inside its window. */
function entryOf(rules: CountRules): SQL | undefined {
  return and(communityVisible, gte(designs.submittedAt, rules.start), lt(designs.submittedAt, rules.end));
}

export function createContestRepository(db: Db) {
  /**
   * The month's entries in contest order: most counted votes; on a tie, the entry that reached
   * its count first; then the earlier submission; then the id, so the order is total.
   */
  function standings(q: Db | Tx, rules: CountRules, limit?: number): Promise<StandingRow[]> {
    const isCounted = counted(rules);
    const query = q
      .select({
        ...entryColumns,
        countedVotes: sql<number>`(count(${votes.userId}) filter (where ${isCounted}))::int`,
        reachedAt: sql<Date | null>`max(${votes.createdAt}) filter (where ${isCounted})`.mapWith(
          votes.createdAt,
        ),
      })
      .from(designs)
      .leftJoin(owner, eq(owner.id, designs.userId))
      .leftJoin(votes, and(eq(votes.designId, designs.id), lt(votes.createdAt, rules.end)))
      .leftJoin(voter, eq(voter.id, votes.userId))
      .where(entryOf(rules))
      .groupBy(designs.id, owner.id)
      .orderBy(
        sql`count(${votes.userId}) filter (where ${isCounted}) desc`,
        sql`max(${votes.createdAt}) filter (where ${isCounted}) asc nulls last`,
        asc(designs.submittedAt),
        asc(designs.id),
      );
    return limit ? query.limit(limit) : query;
  }

  async function summary(q: Db | Tx, rules: CountRules): Promise<{ entries: number; voters: number }> {
    const [entries] = await q
      .select({ count: sql<number>`count(*)::int` })
      .from(designs)
      .where(entryOf(rules));
    const [voters] = await q
      .select({ count: sql<number>`count(distinct ${votes.userId})::int` })
      .from(votes)
      .innerJoin(designs, eq(designs.id, votes.designId))
      .innerJoin(voter, eq(voter.id, votes.userId))
      .where(and(entryOf(rules), lt(votes.createdAt, rules.end), counted(rules)));
    return { entries: entries?.count ?? 0, voters: voters?.count ?? 0 };
  }

  return {
    standings: (rules: CountRules, limit: number) => standings(db, rules, limit),
    summary: (rules: CountRules) => summary(db, rules),

    /**
     * Records a month's result once: under a lock per month, a month already recorded is left as
     * it is (unless `rerun`, the operator's command, which replaces it in the same transaction).
     * The month, every entry's result and the Trophy Club's winner are written together.
     */
    async close(
      month: string,
      rules: CountRules,
      options: { closedAt: Date; rerun: boolean },
    ): Promise<{ recorded: boolean; winnerDesignId: string | null; entries: number }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'contest-close:' + month}))`);
        const [existing] = await tx
          .select({ winner: contestMonths.winnerDesignId, entries: contestMonths.entries })
          .from(contestMonths)
          .where(eq(contestMonths.month, month));
        if (existing && !options.rerun) {
          return { recorded: false, winnerDesignId: existing.winner, entries: existing.entries };
        }
        if (existing) await tx.delete(contestMonths).where(eq(contestMonths.month, month));
        // Months decided by votes have only computed Trophy Club rows (the seeded ones are older).
        await tx.delete(contestWinners).where(eq(contestWinners.month, month));

        const rows = await standings(tx, rules);
        const { voters } = await summary(tx, rules);
        const top = rows[0];
        const winner = top && top.countedVotes > 0 ? top : null;
        await tx.insert(contestMonths).values({
          month,
          closesAt: rules.end,
          closedAt: options.closedAt,
          entries: rows.length,
          voters,
          winnerDesignId: winner?.designId ?? null,
        });
        for (let i = 0; i < rows.length; i += 1000) {
          await tx.insert(contestResults).values(
            rows.slice(i, i + 1000).map((row, j) => ({
              month,
              designId: row.designId,
              rank: i + j + 1,
              countedVotes: row.countedVotes,
              reachedAt: row.reachedAt,
            })),
          );
        }
        if (winner) {
          await tx.insert(contestWinners).values({
            month,
            designId: winner.designId,
            patternName: winner.name,
            designerName: winner.designerName,
            imageUrl: winner.thumbnailKey ?? '',
            voteCount: winner.countedVotes,
          });
        }
        return { recorded: true, winnerDesignId: winner?.designId ?? null, entries: rows.length };
      });
    },

    /** The months already closed among these. */
    async closedAmong(months: string[]): Promise<Set<string>> {
      if (months.length === 0) return new Set();
      const rows = await db
        .select({ month: contestMonths.month })
        .from(contestMonths)
        .where(inArray(contestMonths.month, months));
      return new Set(rows.map((row) => row.month));
    },

    /** When the earliest design submitted at or after `from` was submitted (null: none). */
    async firstSubmissionSince(from: Date): Promise<Date | null> {
      const [row] = await db
        .select({ at: designs.submittedAt })
        .from(designs)
        .where(and(communityVisible, gte(designs.submittedAt, from)))
        .orderBy(asc(designs.submittedAt))
        .limit(1);
      return row?.at ?? null;
    },

    /** Closed months, newest first, with their winners' standing rows. */
    async archive(
      limit: number,
    ): Promise<(ClosedMonthRow & { winner: (StandingRow & { rank: number }) | null })[]> {
      const months = await db.select().from(contestMonths).orderBy(desc(contestMonths.month)).limit(limit);
      if (months.length === 0) return [];
      const winners = await resultRows(
        and(
          inArray(
            contestResults.month,
            months.map((m) => m.month),
          ),
          eq(contestResults.rank, 1),
          sql`${contestResults.countedVotes} > 0`,
        ),
        months.length,
      );
      const byMonth = new Map(winners.map((w) => [w.month, w]));
      return months.map((m) => ({ ...m, winner: byMonth.get(m.month) ?? null }));
    },

    async closedMonth(month: string): Promise<ClosedMonthRow | undefined> {
      const [row] = await db.select().from(contestMonths).where(eq(contestMonths.month, month));
      return row;
    },

    /** A closed month's results in their recorded order. */
    results: (month: string, limit: number) => resultRows(eq(contestResults.month, month), limit),

    async resultOf(
      designId: string,
    ): Promise<{ month: string; rank: number; countedVotes: number } | undefined> {
      const [row] = await db
        .select({
          month: contestResults.month,
          rank: contestResults.rank,
          countedVotes: contestResults.countedVotes,
        })
        .from(contestResults)
        .where(eq(contestResults.designId, designId))
        .limit(1);
      return row;
    },

    /** How a design's votes count: before the close and old enough, before but too new, after. */
    async voteBreakdown(
      designId: string,
      rules: CountRules,
    ): Promise<{ counted: number; newAccount: number; afterClose: number }> {
      const isCounted = counted(rules);
      const before = sql`${votes.createdAt} < ${ts(rules.end)}`;
      const [row] = await db
        .select({
          counted: sql<number>`(count(*) filter (where ${before} and ${isCounted}))::int`,
          newAccount: sql<number>`(count(*) filter (where ${before} and not (${isCounted})))::int`,
          afterClose: sql<number>`(count(*) filter (where not (${before})))::int`,
        })
        .from(votes)
        .innerJoin(voter, eq(voter.id, votes.userId))
        .where(eq(votes.designId, designId));
      return {
        counted: row?.counted ?? 0,
        newAccount: row?.newAccount ?? 0,
        afterClose: row?.afterClose ?? 0,
      };
    },

    /** The Trophy Club: seeded and computed winners, oldest first; names and images joined. */
    trophyClub: () =>
      db
        .select({
          month: contestWinners.month,
          designId: contestWinners.designId,
          patternName: sql<string>`coalesce(${designs.name}, ${contestWinners.patternName})`,
          // A seeded winner has no design row: its stored name.
          designerName: personNameSql<string>(
            sql`coalesce(${designs.designerName}, ${contestWinners.designerName})`,
            owner.displayName,
          ),
          imageKey: sql<string>`coalesce(${designs.thumbnailUrl}, ${contestWinners.imageUrl})`,
          voteCount: contestWinners.voteCount,
        })
        .from(contestWinners)
        .leftJoin(designs, eq(designs.id, contestWinners.designId))
        .leftJoin(owner, eq(owner.id, designs.userId))
        // A winner a moderator hid leaves the Trophy Club (seeded winners have no design row).
        .where(sql`coalesce(${designs.status}, '') <> 'hidden'`)
        .orderBy(asc(contestWinners.month)),

    /** The months a designer won, newest first. */
    winsOf: (userId: string) =>
      db
        .select({ month: contestWinners.month, designId: designs.id, name: designs.name })
        .from(contestWinners)
        .innerJoin(designs, eq(designs.id, contestWinners.designId))
        .where(
          and(eq(designs.userId, userId), isNotNull(contestWinners.designId), ne(designs.status, 'hidden')),
        )
        .orderBy(desc(contestWinners.month)),
  };

  function resultRows(where: SQL | undefined, limit: number) {
    return (
      db
        .select({
          month: contestResults.month,
          rank: contestResults.rank,
          ...entryColumns,
          countedVotes: contestResults.countedVotes,
          reachedAt: contestResults.reachedAt,
        })
        .from(contestResults)
        .innerJoin(designs, eq(designs.id, contestResults.designId))
        .leftJoin(owner, eq(owner.id, designs.userId))
        // A design a moderator hid leaves the recorded results too (its rank stays as recorded).
        .where(and(where, ne(designs.status, 'hidden')))
        .orderBy(asc(contestResults.month), asc(contestResults.rank))
        .limit(limit)
    );
  }
}
export type ContestRepository = ReturnType<typeof createContestRepository>;
