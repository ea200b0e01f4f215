import { and, asc, desc, eq, gte, inArray, isNotNull, lt, ne, notExists, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import {
  chosenImageColumns,
  communityVisible,
  designerNameSql,
} from '../designs/design-queries.repository.js';
import {
  breedingMembers,
  designs,
  huntRoundImages,
  huntRounds,
  users,
  type EngineMeasures,
} from '../platform/db/schema.js';
import { setGameEyeScore } from '../concealment/eye-hiding.repository.js';

export type HuntRoundRow = typeof huntRounds.$inferSelect;
export type NewHuntRound = typeof huntRounds.$inferInsert;

/**
 * Statuses of a round that count (the design's score, the player's record, the board): found, or
 * not found when time or misses ran out. too_fast, void (the tab was hidden) and expired rounds
 * count nowhere.
 */
export const ANSWERED = ['found', 'timeout', 'out_of_misses'] as const;
/** How a served round ends. */
export type RoundEnd = 'found' | 'timeout' | 'out_of_misses' | 'too_fast';

/**
 * A round counts in a design's score only when its player's account was old enough when it was
 * made (the contest's age gate, CONTEST_MIN_ACCOUNT_AGE_HOURS; decision 026), as votes count in
 * the contest (contest.repository.ts).
 */
export function countedRounds(minAccountAgeHours: number) {
  return and(
    inArray(huntRounds.status, [...ANSWERED]),
    sql`exists (select 1 from ${users} where ${users.id} = ${huntRounds.playerId} and ${users.createdAt} <= ${huntRounds.createdAt} - make_interval(secs => ${minAccountAgeHours * 3600}))`,
  );
}

export function createHuntRepository(db: Db, options: { minAccountAgeHours?: number } = {}) {
  const counted = countedRounds(options.minAccountAgeHours ?? 0);
  /** Submitted designs of others that this player has not been shown, with a photo to hide in. */
  const eligible = (playerId: string) =>
    and(
      communityVisible,
      ne(designs.userId, playerId),
      isNotNull(designs.environmentPhotoUrl),
      notExists(
        db
          .select({ one: sql`1` })
          .from(huntRounds)
          .where(and(eq(huntRounds.playerId, playerId), eq(huntRounds.designId, designs.id))),
      ),
    );

  const designFields = {
    id: designs.id,
    state: designs.state,
    name: designs.name,
    designerName: designerNameSql(),
    environmentPhotoUrl: designs.environmentPhotoUrl,
    ...chosenImageColumns,
    userId: designs.userId,
    status: designs.status,
    repeatCm: designs.repeatCm,
  };

  return {
    /**
     * A design for this player: among those with the fewest rounds so far, one at random, so
     * every design gets its share of hunters.
     */
    async chooseDesign(playerId: string) {
      const [fewest] = await db
        .select({ n: designs.huntRounds })
        .from(designs)
        .where(eligible(playerId))
        .orderBy(asc(designs.huntRounds))
        .limit(1);
      if (!fewest) return null;
      const [row] = await db
        .select(designFields)
        .from(designs)
        .leftJoin(users, eq(users.id, designs.userId))
        .where(and(eligible(playerId), eq(designs.huntRounds, fewest.n)))
        .orderBy(sql`random()`)
        .limit(1);
      return row ?? null;
    },

    async design(designId: string) {
      const [row] = await db
        .select(designFields)
        .from(designs)
        .leftJoin(users, eq(users.id, designs.userId))
        .where(eq(designs.id, designId));
      return row ?? null;
    },

    /** Another submitted design's environment photo from the same state, at random. */
    async photoFromState(state: string, exceptDesignId: string): Promise<string | null> {
      const [row] = await db
        .select({ key: designs.environmentPhotoUrl })
        .from(designs)
        .where(
          and(
            communityVisible,
            eq(designs.state, state),
            ne(designs.id, exceptDesignId),
            isNotNull(designs.environmentPhotoUrl),
          ),
        )
        .orderBy(sql`random()`)
        .limit(1);
      return row?.key ?? null;
    },

    /**
     * The round, its picture and the design's count of rounds, together; null when the player
     * already has one.
     */
    async create(round: NewHuntRound, jpeg: Buffer): Promise<HuntRoundRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(huntRounds).values(round).onConflictDoNothing().returning();
        if (!row) return null;
        await tx.insert(huntRoundImages).values({ roundId: row.id, jpeg });
        if (row.bredDesignId !== null && row.generation !== null)
          await tx
            .update(breedingMembers)
            .set({ rounds: sql`${breedingMembers.rounds} + 1` })
            .where(
              and(
                eq(breedingMembers.designId, row.bredDesignId),
                eq(breedingMembers.generation, row.generation),
              ),
            );
        else if (row.designId !== null)
          await tx
            .update(designs)
            .set({ huntRounds: sql`${designs.huntRounds} + 1` })
            .where(eq(designs.id, row.designId));
        return row;
      });
    },

    async find(roundId: string): Promise<HuntRoundRow | null> {
      const [row] = await db.select().from(huntRounds).where(eq(huntRounds.id, roundId));
      return row ?? null;
    },

    /**
     * Starts the clock and hands out the picture, once: the first request for the image. The
     * picture's row is deleted as it is read, so a second request finds nothing to serve.
     */
    async serve(
      roundId: string,
      playerId: string,
      at: Date,
      createdAfter: Date,
    ): Promise<{ round: HuntRoundRow; jpeg: Buffer } | null> {
      return db.transaction(async (tx) => {
        const [round] = await tx
          .update(huntRounds)
          .set({ status: 'served', servedAt: at })
          .where(
            and(
              eq(huntRounds.id, roundId),
              eq(huntRounds.playerId, playerId),
              eq(huntRounds.status, 'created'),
              gte(huntRounds.createdAt, createdAfter),
            ),
          )
          .returning();
        if (!round) return null;
        const [image] = await tx
          .delete(huntRoundImages)
          .where(eq(huntRoundImages.roundId, roundId))
          .returning({ jpeg: huntRoundImages.jpeg });
        return image ? { round, jpeg: image.jpeg } : null;
      });
    },

    /** Counts a miss while the round runs and has misses left; null when it has none or has ended. */
    async addMiss(roundId: string, maxMisses: number): Promise<number | null> {
      const [row] = await db
        .update(huntRounds)
        .set({ misses: sql`${huntRounds.misses} + 1` })
        .where(
          and(eq(huntRounds.id, roundId), eq(huntRounds.status, 'served'), lt(huntRounds.misses, maxMisses)),
        )
        .returning({ misses: huntRounds.misses });
      return row?.misses ?? null;
    },

    /**
     * The player's round, served or not yet, made void (the tab was hidden while it ran): it ends
     * and counts nowhere. Null when it is not theirs or has ended already.
     */
    async markVoid(roundId: string, playerId: string, at: Date): Promise<HuntRoundRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(huntRounds)
          .set({ status: 'void', endedAt: at })
          .where(
            and(
              eq(huntRounds.id, roundId),
              eq(huntRounds.playerId, playerId),
              inArray(huntRounds.status, ['created', 'served']),
            ),
          )
          .returning();
        if (row) await tx.delete(huntRoundImages).where(eq(huntRoundImages.roundId, roundId));
        return row ?? null;
      });
    },

    /**
     * Ends a served round, once (a second answer finds it ended), and when it counts, sets its
     * design's score from all its answered rounds in the same transaction.
     */
    async end(
      roundId: string,
      outcome: { status: RoundEnd; elapsedMs: number; at: Date },
      score: (rounds: { elapsedMs: number; found: boolean; playerId: string }[]) => number,
    ): Promise<HuntRoundRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(huntRounds)
          .set({ status: outcome.status, elapsedMs: outcome.elapsedMs, endedAt: outcome.at })
          .where(and(eq(huntRounds.id, roundId), eq(huntRounds.status, 'served')))
          .returning();
        if (!row) return null;
        // A bred design's rounds are judged with its ground's generation (breeding/), not scored here.
        if (outcome.status !== 'too_fast' && row.designId !== null) {
          const designId = row.designId;
          // One design's rounds at a time: concurrent ends of its rounds each see the other's.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'hunt-score:' + designId}))`);
          const rounds = await tx
            .select({
              elapsedMs: huntRounds.elapsedMs,
              status: huntRounds.status,
              playerId: huntRounds.playerId,
            })
            .from(huntRounds)
            .where(and(eq(huntRounds.designId, designId), counted));
          const measured = score(
            rounds.map((r) => ({
              elapsedMs: r.elapsedMs ?? 0,
              found: r.status === 'found',
              playerId: r.playerId,
            })),
          );
          // A measured design ranks by its score in "Hardest to spot" (decision 017), from now on.
          await tx
            .update(designs)
            .set({
              concealmentScore: measured,
              huntAnswered: rounds.length,
              ...(measured >= 0 ? { hidingGroup: 2, hidingRank: measured } : {}),
            })
            .where(eq(designs.id, designId));
          if (measured >= 0) await setGameEyeScore(tx, designId, measured);
        }
        return row;
      });
    },

    /**
     * Rounds served but never answered, or never served, past their time: expired, and the
     * pictures of rounds never served are dropped with them.
     */
    async expire(before: Date, at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        const expired = await tx
          .update(huntRounds)
          .set({ status: 'expired', endedAt: at })
          .where(and(inArray(huntRounds.status, ['created', 'served']), lt(huntRounds.createdAt, before)))
          .returning({ id: huntRounds.id });
        if (expired.length > 0)
          await tx.delete(huntRoundImages).where(
            inArray(
              huntRoundImages.roundId,
              expired.map((r) => r.id),
            ),
          );
      });
    },

    /** A design's rounds that count (the age gate): the design page's curve agrees with its score. */
    async answeredForDesign(designId: string) {
      return db
        .select({ elapsedMs: huntRounds.elapsedMs, status: huntRounds.status, playerId: huntRounds.playerId })
        .from(huntRounds)
        .where(and(eq(huntRounds.designId, designId), counted));
    },

    async answeredByPlayer(playerId: string) {
      return db
        .select({ elapsedMs: huntRounds.elapsedMs, status: huntRounds.status })
        .from(huntRounds)
        .where(and(eq(huntRounds.playerId, playerId), inArray(huntRounds.status, [...ANSWERED])));
    },

    /**
     * Each contest month's entry with the highest score (designs with enough rounds have one),
     * over the last `months` months: the month is the entry's, in the contest's time zone.
     */
    async bestHiding(timeZone: string, since: Date) {
      // A literal, not a parameter: DISTINCT ON and ORDER BY must be the same expression, and each
      // parameter would get a number of its own. The zone is the configured IANA name (config.ts).
      const zone = sql.raw(`'${timeZone.replace(/'/g, "''")}'`);
      const month = sql<string>`to_char(${designs.submittedAt} at time zone ${zone}, 'YYYY-MM')`;
      return db
        .selectDistinctOn([month], {
          month,
          id: designs.id,
          name: designs.name,
          designerName: designerNameSql(),
          thumbnailUrl: sql<string | null>`coalesce(${designs.thumbnailUrl}, ${designs.designAThumbnailUrl})`,
          imageUrl: designs.imageUrl,
          score: designs.concealmentScore,
        })
        .from(designs)
        .leftJoin(users, eq(users.id, designs.userId))
        .where(and(communityVisible, gte(designs.concealmentScore, 0), gte(designs.submittedAt, since)))
        .orderBy(month, desc(designs.concealmentScore), asc(designs.submittedAt));
    },

    async setMeasures(designId: string, measures: EngineMeasures): Promise<void> {
      await db.update(designs).set({ engineMeasures: measures }).where(eq(designs.id, designId));
    },

    /** Designs with a score and the engine's measures, best hiders first. */
    async scoredWithMeasures(limit: number) {
      const rows = await db
        .select({
          id: designs.id,
          name: designs.name,
          score: designs.concealmentScore,
          measures: designs.engineMeasures,
        })
        .from(designs)
        .where(and(communityVisible, gte(designs.concealmentScore, 0), isNotNull(designs.engineMeasures)))
        .orderBy(desc(designs.concealmentScore))
        .limit(limit);
      return rows.filter((r): r is typeof r & { measures: EngineMeasures } => r.measures !== null);
    },

    /** Everyone's answered rounds since `since`, for the weekly board. */
    async answeredSince(since: Date) {
      return db
        .select({
          playerId: huntRounds.playerId,
          displayName: users.displayName,
          elapsedMs: huntRounds.elapsedMs,
          status: huntRounds.status,
        })
        .from(huntRounds)
        .innerJoin(users, eq(users.id, huntRounds.playerId))
        .where(and(inArray(huntRounds.status, [...ANSWERED]), gte(huntRounds.endedAt, since)))
        .orderBy(desc(huntRounds.endedAt))
        .limit(20_000);
    },
  };
}

export type HuntRepository = ReturnType<typeof createHuntRepository>;
