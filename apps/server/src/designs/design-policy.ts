import type { DesignStatus } from '@camo/shared/generation.schema';
import type { DesignRecord } from './designs.repository.js';

/**
 * Who may see a design: everybody signed in once it is submitted; its owner always (a draft, or
 * a design a moderator hid). Everyone else is told it does not exist.
 */
export function canView(design: { status: string; userId: string }, viewerId: string): boolean {
  return isCommunityVisible(design.status) || design.userId === viewerId;
}

/** In the gallery for everybody: submitted, not a draft and not hidden by a moderator. */
export function isCommunityVisible(status: string): boolean {
  return status === ('submitted' satisfies DesignStatus);
}

type ImageColumns = Pick<
  DesignRecord,
  | 'hasEdits'
  | 'finalDesignChoice'
  | 'editedImageUrl'
  | 'editedThumbnailUrl'
  | 'imageUrl'
  | 'thumbnailUrl'
  | 'selectedVariant'
  | 'designAUrl'
  | 'designBUrl'
  | 'designAThumbnailUrl'
  | 'designBThumbnailUrl'
>;

const showsEdited = (row: Pick<ImageColumns, 'hasEdits' | 'finalDesignChoice'>) =>
  row.hasEdits && row.finalDesignChoice === 'edited';

/** Whether a design shows its edited image: the edit chosen, and there. */
export const showsEditedImage = (
  row: Pick<ImageColumns, 'hasEdits' | 'finalDesignChoice' | 'editedImageUrl'>,
) => showsEdited(row) && Boolean(row.editedImageUrl);

/** The key of the image a design shows: the edited one when chosen, else the selected variant's. */
export function chosenImageKey(
  row: Omit<
    ImageColumns,
    'editedThumbnailUrl' | 'thumbnailUrl' | 'designAThumbnailUrl' | 'designBThumbnailUrl'
  >,
): string | null {
  if (showsEdited(row) && row.editedImageUrl) return row.editedImageUrl;
  if (row.imageUrl) return row.imageUrl;
  return row.selectedVariant === 'B' ? row.designBUrl : row.designAUrl;
}

/** The key of that image's thumbnail: the one stored at submission, else the chosen version's. */
export function chosenThumbnailKey(
  row: Pick<
    ImageColumns,
    | 'hasEdits'
    | 'finalDesignChoice'
    | 'editedThumbnailUrl'
    | 'thumbnailUrl'
    | 'selectedVariant'
    | 'designAThumbnailUrl'
    | 'designBThumbnailUrl'
  >,
): string | null {
  if (row.thumbnailUrl) return row.thumbnailUrl;
  if (showsEdited(row) && row.editedThumbnailUrl) return row.editedThumbnailUrl;
  return row.selectedVariant === 'B' ? row.designBThumbnailUrl : row.designAThumbnailUrl;
}
