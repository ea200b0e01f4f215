import type { Light } from '@camo/shared/vocabulary';
import type { ConcealmentMeasures, DesignFeatures, GroundProfile } from '@camo/camo-engine';
import type { Observer } from '@camo/shared/concealment';
import { and, asc, desc, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { chosenImageColumns, communityVisible } from '../designs/design-queries.repository.js';
import { designMoves } from '../designs/design-status.js';
import type { Db } from '../platform/db/database.js';
import {
  designFeatures,
  designs,
  groundPhotoUploads,
  groundPhotos,
  groundScores,
} from '../platform/db/schema.js';

export type GroundPhotoRow = Omit<typeof groundPhotos.$inferSelect, 'image'>;

/** A design as the first pass's index holds it. */
export interface IndexedDesign {
  designId: string;
  state: string;
  submittedAt: Date;
  features: DesignFeatures;
  computedAt: Date;
}

const photoColumns = {
  id: groundPhotos.id,
  userId: groundPhotos.userId,
  width: groundPhotos.width,
  height: groundPhotos.height,
  kept: groundPhotos.kept,
  profiles: groundPhotos.profiles,
  createdAt: groundPhotos.createdAt,
};

export function createGroundRepository(db: Db) {
  return {
    /**
     * Stores a ground photo unless its owner has reached the daily limit: uploads of the last 24
     * hours are counted under a per-person lock, so two at once cannot both pass the last place.
     * A deleted photo's upload still counts.
     */
    async insertPhoto(
      photo: { id: string; userId: string; image: Buffer; width: number; height: number; at: Date },
      dailyLimit: number,
    ): Promise<'created' | 'limit'> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'ground:' + photo.userId}))`);
        const since = new Date(photo.at.getTime() - 24 * 3600_000);
        const [counted] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(groundPhotoUploads)
          .where(and(eq(groundPhotoUploads.userId, photo.userId), gt(groundPhotoUploads.at, since)));
        if ((counted?.n ?? 0) >= dailyLimit) return 'limit';
        await tx.insert(groundPhotoUploads).values({ userId: photo.userId, at: photo.at });
        await tx.insert(groundPhotos).values({ ...photo, createdAt: photo.at });
        return 'created';
      });
    },

    async usedSince(userId: string, since: Date): Promise<number> {
      const [counted] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(groundPhotoUploads)
        .where(and(eq(groundPhotoUploads.userId, userId), gt(groundPhotoUploads.at, since)));
      return counted?.n ?? 0;
    },

    async photo(id: string): Promise<GroundPhotoRow | null> {
      const [row] = await db.select(photoColumns).from(groundPhotos).where(eq(groundPhotos.id, id));
      return row ?? null;
    },

    async image(id: string): Promise<Buffer | null> {
      const [row] = await db
        .select({ image: groundPhotos.image })
        .from(groundPhotos)
        .where(eq(groundPhotos.id, id));
      return row?.image ?? null;
    },

    async photosOf(userId: string): Promise<GroundPhotoRow[]> {
      return db
        .select(photoColumns)
        .from(groundPhotos)
        .where(eq(groundPhotos.userId, userId))
        .orderBy(desc(groundPhotos.createdAt), desc(groundPhotos.id));
    },

    /** Keeps or stops keeping the owner's photo; null when it is not theirs (or gone). */
    async setKept(id: string, userId: string, kept: boolean): Promise<GroundPhotoRow | null> {
      const [row] = await db
        .update(groundPhotos)
        .set({ kept })
        .where(and(eq(groundPhotos.id, id), eq(groundPhotos.userId, userId)))
        .returning(photoColumns);
      return row ?? null;
    },

    /** Deletes the owner's photo; its scores go with it (cascade). False when it is not theirs. */
    async deletePhoto(id: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(groundPhotos)
        .where(and(eq(groundPhotos.id, id), eq(groundPhotos.userId, userId)))
        .returning({ id: groundPhotos.id });
      return rows.length > 0;
    },

    /** Removes photos not kept and uploaded before `before`, and upload records no limit counts any more. */
    async removeExpired(before: Date, uploadsBefore: Date): Promise<number> {
      const rows = await db
        .delete(groundPhotos)
        .where(and(eq(groundPhotos.kept, false), lt(groundPhotos.createdAt, before)))
        .returning({ id: groundPhotos.id });
      await db.delete(groundPhotoUploads).where(lt(groundPhotoUploads.at, uploadsBefore));
      return rows.length;
    },

    /** Adds one eye's profile to a photo (kept beside the others; the same profile twice is harmless). */
    async setProfile(id: string, eye: string, profile: GroundProfile | null): Promise<void> {
      await db
        .update(groundPhotos)
        .set({
          profiles: sql`${groundPhotos.profiles} || jsonb_build_object(${eye}::text, ${JSON.stringify(profile)}::jsonb)`,
        })
        .where(eq(groundPhotos.id, id));
    },

    // --- design features -------------------------------------------------------------------

    /**
     * Submitted designs with no features yet (the resumable backfill). A submitted design's image
     * does not change, so a design measured once stays measured.
     */
    async designsWithoutFeatures(limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: designs.id })
        .from(designs)
        .leftJoin(designFeatures, eq(designFeatures.designId, designs.id))
        .where(and(communityVisible, isNotNull(designs.submittedAt), sql`${designFeatures.designId} is null`))
        .orderBy(desc(designs.submittedAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    async designForFeatures(id: string) {
      const [row] = await db
        .select({ id: designs.id, status: designs.status, repeatCm: designs.repeatCm, ...chosenImageColumns })
        .from(designs)
        .where(eq(designs.id, id));
      return row ?? null;
    },

    async setFeatures(designId: string, imageKey: string, features: DesignFeatures, tile: Buffer, at: Date) {
      await db
        .insert(designFeatures)
        .values({ designId, imageKey, features, tile, computedAt: at })
        .onConflictDoUpdate({
          target: designFeatures.designId,
          set: { imageKey, features, tile, computedAt: at },
        });
    },

    /**
     * Features of submitted designs computed after `since` (the first pass's index, read
     * incrementally), whatever their status now: one hidden is left out of the rankings by
     * `hiddenDesignIds`, and is ranked again once restored.
     */
    async featuresSince(since: Date): Promise<IndexedDesign[]> {
      const rows = await db
        .select({
          designId: designFeatures.designId,
          state: designs.state,
          // The column itself, so the driver hands over a Date (a raw sql<Date> arrives as a string).
          submittedAt: designs.submittedAt,
          features: designFeatures.features,
          computedAt: designFeatures.computedAt,
        })
        .from(designFeatures)
        .innerJoin(designs, eq(designs.id, designFeatures.designId))
        .where(and(gt(designFeatures.computedAt, since), isNotNull(designs.submittedAt)))
        .orderBy(asc(designFeatures.computedAt));
      return rows.flatMap(({ submittedAt, ...row }) => (submittedAt ? [{ ...row, submittedAt }] : []));
    },

    /**
     * Designs a moderator has hidden (by the status index; few). Hidden is the only status a
     * submitted design moves to (design-status.ts), so with a removed design's features gone
     * (cascade) these are the featured designs the community may not see.
     */
    async hiddenDesignIds(): Promise<string[]> {
      const rows = await db
        .select({ id: designs.id })
        .from(designs)
        .where(eq(designs.status, designMoves.hide.to));
      return rows.map((r) => r.id);
    },

    /** How many designs have features (fewer than the index holds: some were removed). */
    async featureCount(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(designFeatures);
      return row?.n ?? 0;
    },

    async featureIds(): Promise<string[]> {
      const rows = await db.select({ id: designFeatures.designId }).from(designFeatures);
      return rows.map((r) => r.id);
    },

    /** Each design's feature tile with its printed repeat (decision 035). */
    async tiles(
      designIds: string[],
    ): Promise<{ designId: string; imageKey: string; tile: Buffer; repeatCm: number }[]> {
      if (designIds.length === 0) return [];
      return db
        .select({
          designId: designFeatures.designId,
          imageKey: designFeatures.imageKey,
          tile: designFeatures.tile,
          repeatCm: designs.repeatCm,
        })
        .from(designFeatures)
        .innerJoin(designs, eq(designs.id, designFeatures.designId))
        .where(inArray(designFeatures.designId, designIds));
    },

    // --- second-pass scores ------------------------------------------------------------------

    async scores(photoId: string, observer: Observer, distanceM: number, light: Light) {
      return db
        .select({
          designId: groundScores.designId,
          imageKey: groundScores.imageKey,
          measures: groundScores.measures,
        })
        .from(groundScores)
        .where(
          and(
            eq(groundScores.photoId, photoId),
            eq(groundScores.observer, observer),
            eq(groundScores.distanceM, distanceM),
            eq(groundScores.light, light),
          ),
        );
    },

    /** One design's scores in a photo, every eye in one light. */
    async designScores(photoId: string, designId: string, light: Light) {
      return db
        .select({
          observer: groundScores.observer,
          distanceM: groundScores.distanceM,
          imageKey: groundScores.imageKey,
          measures: groundScores.measures,
        })
        .from(groundScores)
        .where(
          and(
            eq(groundScores.photoId, photoId),
            eq(groundScores.designId, designId),
            eq(groundScores.light, light),
          ),
        );
    },

    async addScores(
      rows: {
        photoId: string;
        designId: string;
        observer: Observer;
        distanceM: number;
        light: Light;
        imageKey: string;
        measures: ConcealmentMeasures | null;
      }[],
    ): Promise<void> {
      if (rows.length === 0) return;
      // A photo deleted meanwhile has no scores: the join finds no photo and the row is dropped.
      const json = JSON.stringify(
        rows.map((r) => ({
          photo_id: r.photoId,
          design_id: r.designId,
          observer: r.observer,
          distance_m: r.distanceM,
          light: r.light,
          image_key: r.imageKey,
          measures: r.measures,
        })),
      );
      await db.execute(sql`
        insert into ground_scores (photo_id, design_id, observer, distance_m, light, image_key, measures)
        select s.photo_id, s.design_id, s.observer, s.distance_m, s.light, s.image_key, s.measures
        from jsonb_to_recordset(${json}::jsonb)
          as s(photo_id text, design_id text, observer text, distance_m smallint, light text, image_key text, measures jsonb)
        join ground_photos p on p.id = s.photo_id
        join designs d on d.id = s.design_id
        on conflict (photo_id, observer, distance_m, light, design_id)
        do update set image_key = excluded.image_key, measures = excluded.measures`);
    },

    // --- versatility ----------------------------------------------------------------------

    async stateOf(designId: string): Promise<string | null> {
      const [row] = await db.select({ state: designs.state }).from(designs).where(eq(designs.id, designId));
      return row?.state ?? null;
    },

    /** Submitted designs of a state with their photo and feature tile (the versatility job). */
    async stateDesigns(state: string) {
      return db
        .select({
          id: designs.id,
          photoKey: designs.environmentPhotoUrl,
          imageKey: designFeatures.imageKey,
          tile: designFeatures.tile,
          repeatCm: designs.repeatCm,
        })
        .from(designs)
        .innerJoin(designFeatures, eq(designFeatures.designId, designs.id))
        .where(and(communityVisible, eq(designs.state, state), isNotNull(designs.environmentPhotoUrl)))
        .orderBy(asc(designs.id));
    },

    async setVersatility(id: string, v: { median: number; worst: number; places: number }): Promise<void> {
      await db
        .update(designs)
        .set({ versatilityMedian: v.median, versatilityWorst: v.worst, versatilityPlaces: v.places })
        .where(eq(designs.id, id));
    },

    /** States with submitted designs, and whether any of them has not been measured for versatility. */
    async versatilityStates(): Promise<{ state: string; unmeasured: number }[]> {
      return db
        .select({
          state: designs.state,
          unmeasured: sql<number>`count(*) filter (where ${designs.versatilityMedian} < 0)::int`,
        })
        .from(designs)
        .where(communityVisible)
        .groupBy(designs.state)
        .orderBy(asc(designs.state));
    },
  };
}

export type GroundRepository = ReturnType<typeof createGroundRepository>;
