import type {
  DesignToggles,
  EnvironmentPhotoStatus,
  GenerationOutcome,
  GenerationStage,
} from '@camo/shared/generation.schema';
import { and, desc, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import { designs, environmentPhotos } from '../platform/db/schema.js';
import { photoStatusesBefore } from './photo-status.js';
import { isDraft } from '../designs/design-queries.repository.js';

export type PhotoRow = typeof environmentPhotos.$inferSelect;

export interface NewPhoto {
  id: string;
  userId: string;
  idempotencyKey: string;
  description: string;
  state: string;
  county: string;
  designToggles: DesignToggles;
  createdAt: Date;
}

export type InsertPhotoResult =
  | { kind: 'created'; row: PhotoRow }
  | { kind: 'existing'; row: PhotoRow }
  | { kind: 'quota_exceeded'; used: number }
  | { kind: 'site_quota_exceeded'; used: number };

/** Generations allowed in 24 hours: per person, and for everyone together. */
export interface GenerationQuotas {
  perUser: number;
  site: number;
}

export function createGenerationRepository(db: Db) {
  /** Moves a photo to `to` only from a status the state machine allows; returns the row or undefined. */
  async function move(
    id: string,
    to: EnvironmentPhotoStatus,
    fields: Partial<typeof environmentPhotos.$inferInsert> = {},
  ): Promise<PhotoRow | undefined> {
    const [row] = await db
      .update(environmentPhotos)
      .set({ ...fields, status: to })
      .where(and(eq(environmentPhotos.id, id), inArray(environmentPhotos.status, photoStatusesBefore(to))))
      .returning();
    return row;
  }

  return {
    /**
     * Creates the pending record of a Generate click. The idempotency key and the daily quotas
     * are decided inside one transaction holding a per-user lock (and, for the site-wide count, a
     * site-wide one, always taken second), so concurrent requests with one key make one record,
     * and a burst of requests cannot overrun either quota.
     */
    async insertPending(photo: NewPhoto, quotas: GenerationQuotas): Promise<InsertPhotoResult> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'generation:' + photo.userId}))`);
        const [existing] = await tx
          .select()
          .from(environmentPhotos)
          .where(
            and(
              eq(environmentPhotos.userId, photo.userId),
              eq(environmentPhotos.idempotencyKey, photo.idempotencyKey),
            ),
          )
          .limit(1);
        if (existing) return { kind: 'existing', row: existing };
        const since = new Date(photo.createdAt.getTime() - 24 * 60 * 60 * 1000);
        /** Generations of the last 24 hours (of one person, or of everyone). */
        const recent = async (userId?: string): Promise<number> => {
          const [counted] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(environmentPhotos)
            .where(
              and(
                userId === undefined ? undefined : eq(environmentPhotos.userId, userId),
                gt(environmentPhotos.createdAt, since),
                // A generation that failed on our side uses up no quota.
                ne(environmentPhotos.status, 'failed'),
              ),
            );
          return counted?.n ?? 0;
        };
        const used = await recent(photo.userId);
        if (used >= quotas.perUser) return { kind: 'quota_exceeded', used };
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'generation:site'}))`);
        const all = await recent();
        if (all >= quotas.site) return { kind: 'site_quota_exceeded', used: all };
        const [row] = await tx
          .insert(environmentPhotos)
          .values({ ...photo, status: 'pending', stage: 'uploading_to_storage' })
          .returning();
        if (!row) throw new Error('insert returned no row');
        return { kind: 'created', row };
      });
    },

    markUploaded: (id: string, storageKey: string) =>
      move(id, 'uploaded', { storageKey, photoUrl: storageKey, stage: 'generating_designs' }),

    /** The job takes the photo (again, after a crash): uploaded or processing -> processing. */
    claimProcessing: (id: string, at: Date) =>
      move(id, 'processing', {
        stage: 'generating_designs',
        note: null,
        processingStarted:
          sql`coalesce(${environmentPhotos.processingStarted}, ${at.toISOString()}::timestamptz)` as unknown as Date,
      }),

    async setStage(id: string, stage: GenerationStage, note: string | null = null): Promise<void> {
      await db
        .update(environmentPhotos)
        .set({ stage, note })
        .where(and(eq(environmentPhotos.id, id), eq(environmentPhotos.status, 'processing')));
    },

    complete: (
      id: string,
      fields: {
        outcome: GenerationOutcome;
        designDocId: string | null;
        designAStorageUrl: string | null;
        designBStorageUrl: string | null;
        designAId: string | null;
        designBId: string | null;
        promptAId: string | null;
        promptBId: string | null;
        at: Date;
      },
    ) =>
      move(id, 'completed', {
        outcome: fields.outcome,
        designDocId: fields.designDocId,
        designAStorageUrl: fields.designAStorageUrl,
        designBStorageUrl: fields.designBStorageUrl,
        designAId: fields.designAId,
        designBId: fields.designBId,
        promptAId: fields.promptAId,
        promptBId: fields.promptBId,
        processingCompleted: fields.at,
        stage: null,
        note: null,
      }),

    fail: (id: string, error: string, at: Date) =>
      move(id, 'failed', { error, stage: null, note: null, processingCompleted: at }),

    async findById(id: string): Promise<PhotoRow | undefined> {
      const [row] = await db.select().from(environmentPhotos).where(eq(environmentPhotos.id, id)).limit(1);
      return row;
    },

    /** The owner's photo; another user's id finds nothing (ownership is part of the read). */
    async findForOwner(id: string, userId: string): Promise<PhotoRow | undefined> {
      const [row] = await db
        .select()
        .from(environmentPhotos)
        .where(and(eq(environmentPhotos.id, id), eq(environmentPhotos.userId, userId)))
        .limit(1);
      return row;
    },

    /** Running generations and finished ones whose design still waits to be submitted. */
    async unfinished(userId: string, limit: number) {
      return db
        .select({
          photo: environmentPhotos,
          designStatus: designs.status,
          designThumb: designs.designAThumbnailUrl,
        })
        .from(environmentPhotos)
        .leftJoin(designs, eq(designs.environmentPhotoId, environmentPhotos.id))
        .where(
          and(
            eq(environmentPhotos.userId, userId),
            or(
              inArray(environmentPhotos.status, ['pending', 'uploaded', 'processing']),
              and(eq(environmentPhotos.status, 'completed'), isDraft),
            ),
          ),
        )
        .orderBy(desc(environmentPhotos.createdAt))
        .limit(limit);
    },

    /** Photos left unfinished longer than `olderThan` (a crash before the job was queued, say). */
    async stale(before: Date): Promise<PhotoRow[]> {
      return db
        .select()
        .from(environmentPhotos)
        .where(
          and(
            inArray(environmentPhotos.status, ['pending', 'uploaded', 'processing']),
            lt(environmentPhotos.createdAt, before),
          ),
        )
        .limit(100);
    },
  };
}

export type GenerationRepository = ReturnType<typeof createGenerationRepository>;
