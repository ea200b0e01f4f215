import { messages } from '@camo/shared/messages';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import { designs, users } from '../platform/db/schema.js';
import { designerNameSql, isDraft, statusMove } from './design-queries.repository.js';

export type DesignRecord = typeof designs.$inferSelect;
export type NewDesign = typeof designs.$inferInsert;
/** A design with its designer's name through the join (design-queries.repository.ts). */
export type DesignWithDesigner = DesignRecord & { currentDesignerName: string | null };

/**
 * An edit claim older than this was left by a job that never ran or never ended, and may be
 * taken again: longer than an `edit-design` job may run (platform/queue.ts), so a live job's
 * claim is never taken from it.
 */
export const EDIT_CLAIM_MS = 20 * 60 * 1000;

export type EditFailure = NonNullable<(typeof designs.$inferSelect)['editFailure']>;

/**
 * The edit claim taken at `claimedAt`, still held and not yet finished, on a design still a draft:
 * an edit never finishes on a submitted design (its owner chose the image people see).
 */
function editClaim(id: string, claimedAt: Date) {
  return and(
    eq(designs.id, id),
    isDraft,
    eq(designs.hasEdits, false),
    sql`${designs.editStartedAt} = ${claimedAt.toISOString()}::timestamptz`,
  );
}

/** No edit is running: none claimed, the claim finished, or one left by a job that never ended. */
function noEditRunning(at: Date) {
  return sql`(${designs.hasEdits} or ${designs.editStartedAt} is null or ${designs.editStartedAt} < ${new Date(at.getTime() - EDIT_CLAIM_MS).toISOString()}::timestamptz)`;
}

/** Whether an edit claimed on `row` is still running at `at` (the same rule as the SQL above). */
export function editRunning(row: Pick<DesignRecord, 'hasEdits' | 'editStartedAt'>, at: Date): boolean {
  return (
    !row.hasEdits && row.editStartedAt !== null && row.editStartedAt.getTime() >= at.getTime() - EDIT_CLAIM_MS
  );
}

/** The owner's design, not yet submitted and not yet edited: the ownership is part of the write. */
function ownUneditedDraft(id: string, userId: string) {
  return and(eq(designs.id, id), eq(designs.userId, userId), isDraft, eq(designs.hasEdits, false));
}

export function createDesignsRepository(db: Db) {
  const withDesigner = {
    design: designs,
    currentDesignerName: designerNameSql(),
  };
  const flatten = (row: {
    design: DesignRecord;
    currentDesignerName: string | null;
  }): DesignWithDesigner => ({
    ...row.design,
    currentDesignerName: row.currentDesignerName,
  });

  return {
    /**
     * Creates the design record of a generation, once: the unique environment_photo_id makes a
     * second run of the job find the first one's record instead of making another.
     */
    async createForGeneration(values: NewDesign & { environmentPhotoId: string }): Promise<DesignRecord> {
      const [created] = await db.insert(designs).values(values).onConflictDoNothing().returning();
      if (created) return created;
      const [existing] = await db
        .select()
        .from(designs)
        .where(eq(designs.environmentPhotoId, values.environmentPhotoId))
        .limit(1);
      if (!existing) throw new Error('design record neither created nor found');
      return existing;
    },

    async findById(id: string): Promise<DesignWithDesigner | undefined> {
      const [row] = await db
        .select(withDesigner)
        .from(designs)
        .leftJoin(users, eq(users.id, designs.userId))
        .where(eq(designs.id, id))
        .limit(1);
      return row ? flatten(row) : undefined;
    },

    async findByPhoto(photoId: string): Promise<DesignWithDesigner | undefined> {
      const [row] = await db
        .select(withDesigner)
        .from(designs)
        .leftJoin(users, eq(users.id, designs.userId))
        .where(eq(designs.environmentPhotoId, photoId))
        .limit(1);
      return row ? flatten(row) : undefined;
    },

    /** Owner-only, pending-only, and never once an edit exists (the edit belongs to the variant). */
    async select(id: string, userId: string, variant: 'A' | 'B'): Promise<DesignRecord | undefined> {
      const [row] = await db
        .update(designs)
        .set({ selectedVariant: variant })
        .where(and(ownUneditedDraft(id, userId), isNull(designs.editStartedAt)))
        .returning();
      return row;
    },

    /**
     * Claims the one edit a design may have, for `request`. Only one claim can be held, so two
     * edits sent at once never both write the edited file. The claim is the `edit-design` job's
     * to finish or fail; one left by a job that never ran expires.
     */
    async claimEdit(
      id: string,
      userId: string,
      request: string,
      at: Date,
    ): Promise<DesignRecord | undefined> {
      const [row] = await db
        .update(designs)
        .set({ editStartedAt: at, editRequest: request, editStage: 'processing_edit', editFailure: null })
        .where(
          and(
            ownUneditedDraft(id, userId),
            sql`${designs.selectedVariant} is not null`,
            sql`(${designs.editStartedAt} is null or ${designs.editStartedAt} < ${new Date(at.getTime() - EDIT_CLAIM_MS).toISOString()}::timestamptz)`,
          ),
        )
        .returning();
      return row;
    },

    /** Moves the edit to its saving stage; false when the claim made at `claimedAt` is no longer held. */
    async editUploading(id: string, claimedAt: Date): Promise<boolean> {
      const [row] = await db
        .update(designs)
        .set({ editStage: 'uploading_edited' })
        .where(editClaim(id, claimedAt))
        .returning({ id: designs.id });
      return Boolean(row);
    },

    /** Ends the claim without an edit: the design may be edited again, and says why this one was not made. */
    async failEdit(id: string, claimedAt: Date | null, failure: EditFailure): Promise<void> {
      await db
        .update(designs)
        .set({ editStartedAt: null, editRequest: null, editStage: null, editFailure: failure })
        .where(claimedAt ? editClaim(id, claimedAt) : and(eq(designs.id, id), eq(designs.hasEdits, false)));
    },

    async finishEdit(
      id: string,
      claimedAt: Date,
      fields: {
        editedImageUrl: string;
        editedThumbnailUrl: string;
        editPrompt: string;
        editedRecipe: unknown;
        editNote: string | null;
        at: Date;
      },
    ): Promise<DesignRecord | undefined> {
      const [row] = await db
        .update(designs)
        .set({
          editedImageUrl: fields.editedImageUrl,
          editedThumbnailUrl: fields.editedThumbnailUrl,
          editPrompt: fields.editPrompt,
          editedRecipe: fields.editedRecipe,
          editNote: fields.editNote,
          editedAt: fields.at,
          hasEdits: true,
          editRequest: null,
          editStage: null,
          editFailure: null,
        })
        .where(editClaim(id, claimedAt))
        .returning();
      return row;
    },

    /** Submits a pending design of its owner; every derived field is computed by the caller. */
    async submit(
      id: string,
      userId: string,
      fields: {
        name: string;
        designerName: string;
        finalDesignChoice: 'original' | 'edited';
        imageUrl: string;
        thumbnailUrl: string | null;
        displayUrl: string;
        /** The printed repeat (decision 035); the column's default when absent. */
        repeatCm?: number;
        at: Date;
      },
    ): Promise<DesignRecord | undefined> {
      const [row] = await db
        .update(designs)
        .set({
          name: fields.name,
          designerName: fields.designerName,
          finalDesignChoice: fields.finalDesignChoice,
          imageUrl: fields.imageUrl,
          previewUrl: fields.thumbnailUrl,
          thumbnailUrl: fields.thumbnailUrl,
          displayUrl: fields.displayUrl,
          repeatCm: fields.repeatCm,
          ...statusMove('submit').set,
          submittedAt: fields.at,
        })
        .where(
          and(
            eq(designs.id, id),
            eq(designs.userId, userId),
            // Only a draft is submitted by its owner (hidden -> submitted is a moderator's restore).
            statusMove('submit').from,
            sql`${designs.selectedVariant} is not null`,
            // Never while its edit runs: the edit would change a design already published. The
            // edit's claim takes the same row, so the two are decided one after the other.
            noEditRunning(fields.at),
          ),
        )
        .returning();
      return row;
    },

    /**
     * Renames the owner's design only while it is unnamed (spec §6): the condition is part of
     * the update, so of two concurrent renames exactly one finds the row still unnamed.
     */
    async renameUnnamed(id: string, userId: string, name: string): Promise<DesignRecord | undefined> {
      const [row] = await db
        .update(designs)
        .set({ name })
        .where(
          and(
            eq(designs.id, id),
            eq(designs.userId, userId),
            sql`btrim(${designs.name}) in ('', ${messages.noName})`,
          ),
        )
        .returning();
      return row;
    },

    /** The owner's story for a design; null removes it. */
    async setStory(id: string, userId: string, story: string | null): Promise<DesignRecord | undefined> {
      const [row] = await db
        .update(designs)
        .set({ story })
        .where(and(eq(designs.id, id), eq(designs.userId, userId)))
        .returning();
      return row;
    },
  };
}

export type DesignsRepository = ReturnType<typeof createDesignsRepository>;
