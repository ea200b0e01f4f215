import { and, asc, desc, eq, gte, inArray, isNotNull, notExists, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import { personNameSql } from '../platform/db/person-name.js';
import {
  bredDesigns,
  breedingGrounds,
  breedingMembers,
  designs,
  environmentPhotos,
  huntRounds,
  users,
  type BredKind,
  type GroundStatus,
} from '../platform/db/schema.js';
import { countedRounds } from '../hunt/hunt.repository.js';

export type GroundRow = Omit<typeof breedingGrounds.$inferSelect, 'photo' | 'photoThumb'>;
export type NewGround = typeof breedingGrounds.$inferInsert;
export type NewBredDesign = typeof bredDesigns.$inferInsert;
export type NewMember = typeof breedingMembers.$inferInsert;

/** A ground's columns without its photo's bytes, and its starter's name as the site shows it. */
const groundColumns = {
  id: breedingGrounds.id,
  starterId: breedingGrounds.starterId,
  source: breedingGrounds.source,
  sourceDesignId: breedingGrounds.sourceDesignId,
  width: breedingGrounds.width,
  height: breedingGrounds.height,
  state: breedingGrounds.state,
  county: breedingGrounds.county,
  description: breedingGrounds.description,
  variant: breedingGrounds.variant,
  toggles: breedingGrounds.toggles,
  generation: breedingGrounds.generation,
  status: breedingGrounds.status,
  population: breedingGrounds.population,
  judges: breedingGrounds.judges,
  controls: breedingGrounds.controls,
  createdAt: breedingGrounds.createdAt,
  starterName: personNameSql('Anonymous'),
};

/** A bred design's columns for the pages (no image bytes). */
const designColumns = {
  id: bredDesigns.id,
  groundId: bredDesigns.groundId,
  kind: bredDesigns.kind,
  parentA: bredDesigns.parentA,
  parentB: bredDesigns.parentB,
  born: bredDesigns.born,
  ordinal: bredDesigns.ordinal,
};
export type BredDesignRow = { [K in keyof typeof designColumns]: (typeof bredDesigns.$inferSelect)[K] };

/** Breeding grounds (decision 038): grounds, their designs, their generations' members and rounds. */
export function createBreedingRepository(db: Db, options: { minAccountAgeHours?: number } = {}) {
  const counted = countedRounds(options.minAccountAgeHours ?? 0);
  /** Members of grounds' current generations being judged that this player has had no round with there. */
  const open = (playerId: string) =>
    and(
      eq(breedingGrounds.status, 'judging'),
      eq(breedingMembers.generation, breedingGrounds.generation),
      notExists(
        db
          .select({ one: sql`1` })
          .from(huntRounds)
          .where(
            and(
              eq(huntRounds.playerId, playerId),
              eq(huntRounds.bredDesignId, breedingMembers.designId),
              eq(huntRounds.generation, breedingMembers.generation),
            ),
          ),
      ),
    );

  return {
    async insertGround(row: NewGround): Promise<void> {
      await db.insert(breedingGrounds).values(row);
    },

    /** Grounds this person started since `since` (the daily limit). */
    async startedSince(starterId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(breedingGrounds)
        .where(and(eq(breedingGrounds.starterId, starterId), gte(breedingGrounds.createdAt, since)));
      return row?.n ?? 0;
    },

    async ground(id: string) {
      const [row] = await db
        .select(groundColumns)
        .from(breedingGrounds)
        .leftJoin(users, eq(users.id, breedingGrounds.starterId))
        .where(eq(breedingGrounds.id, id));
      return row ?? null;
    },

    async grounds(limit: number) {
      return db
        .select(groundColumns)
        .from(breedingGrounds)
        .leftJoin(users, eq(users.id, breedingGrounds.starterId))
        .orderBy(desc(breedingGrounds.createdAt))
        .limit(limit);
    },

    /** Grounds whose generation is being drawn (a job to send again at start, after a crash). */
    async drawing() {
      return db
        .select({
          id: breedingGrounds.id,
          generation: breedingGrounds.generation,
          status: breedingGrounds.status,
        })
        .from(breedingGrounds)
        .where(inArray(breedingGrounds.status, ['starting', 'breeding']));
    },

    async photo(id: string, size: 'full' | 'thumb' = 'full'): Promise<Buffer | null> {
      const [row] = await db
        .select({ photo: size === 'full' ? breedingGrounds.photo : breedingGrounds.photoThumb })
        .from(breedingGrounds)
        .where(eq(breedingGrounds.id, id));
      return row?.photo ?? null;
    },

    /** Moves a ground from `from` (at its generation) to `to`; false when it was not there. */
    async moveStatus(
      id: string,
      generation: number,
      from: GroundStatus[],
      to: GroundStatus,
    ): Promise<boolean> {
      const rows = await db
        .update(breedingGrounds)
        .set({ status: to })
        .where(
          and(
            eq(breedingGrounds.id, id),
            eq(breedingGrounds.generation, generation),
            inArray(breedingGrounds.status, from),
          ),
        )
        .returning({ id: breedingGrounds.id });
      return rows.length > 0;
    },

    /**
     * A drawn generation, whole or not at all: its designs and members, the survivors of the one
     * before marked, and the ground moved to it, judging. Drawn twice (a job run again), the second
     * finds the ground moved on and changes nothing.
     */
    async addGeneration(
      groundId: string,
      generation: number,
      drawn: { designs: NewBredDesign[]; members: NewMember[]; survivors: string[] },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [moved] = await tx
          .update(breedingGrounds)
          .set({ generation, status: 'judging' })
          .where(
            and(
              eq(breedingGrounds.id, groundId),
              generation === 0
                ? and(eq(breedingGrounds.generation, 0), eq(breedingGrounds.status, 'starting'))
                : and(eq(breedingGrounds.generation, generation - 1), eq(breedingGrounds.status, 'breeding')),
            ),
          )
          .returning({ id: breedingGrounds.id });
        if (!moved) return false;
        if (drawn.designs.length > 0)
          await tx.insert(bredDesigns).values(drawn.designs).onConflictDoNothing();
        await tx.insert(breedingMembers).values(drawn.members).onConflictDoNothing();
        if (drawn.survivors.length > 0)
          await tx
            .update(breedingMembers)
            .set({ survived: true })
            .where(
              and(
                eq(breedingMembers.groundId, groundId),
                eq(breedingMembers.generation, generation - 1),
                inArray(breedingMembers.designId, drawn.survivors),
              ),
            );
        return true;
      });
    },

    /** A ground's members of every generation, with their designs. */
    async members(groundId: string) {
      return db
        .select({
          generation: breedingMembers.generation,
          line: breedingMembers.line,
          survived: breedingMembers.survived,
          prediction: bredDesigns.prediction,
          ...designColumns,
        })
        .from(breedingMembers)
        .innerJoin(bredDesigns, eq(bredDesigns.id, breedingMembers.designId))
        .where(eq(breedingMembers.groundId, groundId))
        .orderBy(asc(breedingMembers.generation), asc(bredDesigns.born), asc(bredDesigns.ordinal));
    },

    /** A ground's designs (every generation's), for family trees. */
    async designs(groundId: string): Promise<BredDesignRow[]> {
      return db.select(designColumns).from(bredDesigns).where(eq(bredDesigns.groundId, groundId));
    },

    async design(id: string): Promise<BredDesignRow | null> {
      const [row] = await db.select(designColumns).from(bredDesigns).where(eq(bredDesigns.id, id));
      return row ?? null;
    },

    /** Designs' recipes (the parents of a generation to breed). */
    async recipes(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: bredDesigns.id, recipe: bredDesigns.recipe })
        .from(bredDesigns)
        .where(inArray(bredDesigns.id, ids));
    },

    async image(id: string, size: 'full' | 'thumb'): Promise<Buffer | null> {
      const [row] = await db
        .select({ image: size === 'full' ? bredDesigns.image : bredDesigns.thumb })
        .from(bredDesigns)
        .where(eq(bredDesigns.id, id));
      return row?.image ?? null;
    },

    /** The gallery design made of a bred design, with its owner and status (one at most). */
    async taken(bredDesignId: string) {
      const [row] = await db
        .select({ id: designs.id, userId: designs.userId, status: designs.status })
        .from(designs)
        .where(eq(designs.bredDesignId, bredDesignId));
      return row ?? null;
    },

    /**
     * A bred design made a gallery design's pending record (design A, chosen): its photo row and
     * design row together; false when another person took it first (the unique index).
     */
    async insertTaken(photo: typeof environmentPhotos.$inferInsert, design: typeof designs.$inferInsert) {
      const taken = new Error('taken');
      try {
        await db.transaction(async (tx) => {
          await tx.insert(environmentPhotos).values(photo);
          const [row] = await tx
            .insert(designs)
            .values(design)
            .onConflictDoNothing()
            .returning({ id: designs.id });
          // Taken first by another: the photo row goes with the transaction.
          if (!row) throw taken;
        });
        return true;
      } catch (error) {
        if (error === taken) return false;
        throw error;
      }
    },

    /** The gallery design a bred design became, if any. */
    async galleryDesignOf(bredDesignId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: designs.id })
        .from(designs)
        .where(eq(designs.bredDesignId, bredDesignId))
        .limit(1);
      return row?.id ?? null;
    },

    /**
     * A ground's rounds that count (answered, the account old enough when it played: the contest's
     * age gate, as for any design's score), every generation's.
     */
    async rounds(groundId: string) {
      return db
        .select({
          designId: huntRounds.bredDesignId,
          generation: huntRounds.generation,
          playerId: huntRounds.playerId,
          elapsedMs: huntRounds.elapsedMs,
          status: huntRounds.status,
        })
        .from(huntRounds)
        .innerJoin(bredDesigns, eq(bredDesigns.id, huntRounds.bredDesignId))
        .where(and(eq(bredDesigns.groundId, groundId), isNotNull(huntRounds.generation), counted))
        .orderBy(asc(huntRounds.createdAt));
    },

    /**
     * A design for this player to judge: of the current generations of grounds being judged (or of
     * one ground), a member they have had no round with there, among the fewest rounds, at random.
     */
    async choose(playerId: string, groundId: string | null) {
      const where = and(open(playerId), groundId ? eq(breedingGrounds.id, groundId) : undefined);
      const [row] = await db
        .select({
          groundId: breedingGrounds.id,
          generation: breedingMembers.generation,
          designId: breedingMembers.designId,
        })
        .from(breedingMembers)
        .innerJoin(breedingGrounds, eq(breedingGrounds.id, breedingMembers.groundId))
        .where(where)
        .orderBy(asc(breedingMembers.rounds), sql`random()`)
        .limit(1);
      return row ?? null;
    },

    /** Whether any ground is being judged (mixed rounds ask before they look for a design of one). */
    async anyJudging(): Promise<boolean> {
      const [row] = await db
        .select({ one: sql`1` })
        .from(breedingGrounds)
        .where(eq(breedingGrounds.status, 'judging'))
        .limit(1);
      return row !== undefined;
    },

    /** Whether this player has a design of this ground's current generation left to judge. */
    async hasOpen(playerId: string, groundId: string): Promise<boolean> {
      const [row] = await db
        .select({ one: sql`1` })
        .from(breedingMembers)
        .innerJoin(breedingGrounds, eq(breedingGrounds.id, breedingMembers.groundId))
        .where(and(open(playerId), eq(breedingGrounds.id, groundId)))
        .limit(1);
      return row !== undefined;
    },

    /** What a round of a bred design is played in and hides: the ground's photo and the design's image. */
    async roundMaterial(designId: string) {
      const [row] = await db
        .select({ photo: breedingGrounds.photo, image: bredDesigns.image })
        .from(bredDesigns)
        .innerJoin(breedingGrounds, eq(breedingGrounds.id, bredDesigns.groundId))
        .where(eq(bredDesigns.id, designId));
      return row ?? null;
    },
  };
}

export type BreedingRepository = ReturnType<typeof createBreedingRepository>;
export type { BredKind };
