import type { DesignStatus } from '@camo/shared/generation.schema';
import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import { designs, environmentPhotos } from '../platform/db/schema.js';

/** Who a stored file belongs to: the photo its key names, and the design made from it (if any). */
export interface FileOwnerRow {
  photoOwnerId: string;
  /** `showsEdit`: the design shows its edited image (an edit made and chosen at submission). */
  design: { userId: string; status: DesignStatus; showsEdit: boolean } | null;
}

/** The one lookup behind every /files request (files.service.ts). */
export function createFilesRepository(db: Db) {
  return {
    /**
     * The photo by its primary key and its design by the unique index on
     * `designs.environment_photo_id`: two index probes, whatever the number of designs.
     */
    async ownerOfPhoto(photoId: string): Promise<FileOwnerRow | undefined> {
      const [row] = await db
        .select({
          photoOwnerId: environmentPhotos.userId,
          designUserId: designs.userId,
          designStatus: designs.status,
          designHasEdits: designs.hasEdits,
          designChoice: designs.finalDesignChoice,
        })
        .from(environmentPhotos)
        .leftJoin(designs, eq(designs.environmentPhotoId, environmentPhotos.id))
        .where(eq(environmentPhotos.id, photoId))
        .limit(1);
      if (!row) return undefined;
      return {
        photoOwnerId: row.photoOwnerId,
        design:
          row.designUserId !== null && row.designStatus !== null
            ? {
                userId: row.designUserId,
                status: row.designStatus,
                showsEdit: row.designHasEdits === true && row.designChoice === 'edited',
              }
            : null,
      };
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
