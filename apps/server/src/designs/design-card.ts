import type { DesignCard } from '@camo/shared/api.schema';
import { entryMonthOf } from '@camo/shared/contest';
import { messages } from '@camo/shared/messages';
import { cardHiding } from '../concealment/prediction-scores.js';
import { versatilityOf } from '../ground/versatility.js';
import type { FileUrl } from '../platform/storage.js';
import { chosenImageKey, chosenThumbnailKey } from './design-policy.js';
import type { DesignRecord } from './designs.repository.js';

/** A design as a card; rows hold storage keys, which `fileUrl` turns into URLs. */
export function toDesignCard(row: DesignRecord, fileUrl: FileUrl, contestTimeZone: string): DesignCard {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name || messages.noName,
    imageUrl: fileUrl(chosenImageKey(row)),
    thumbnailUrl: fileUrl(chosenThumbnailKey(row)),
    designerName: row.designerName || messages.anonymous,
    state: row.state,
    county: row.county || messages.countyMissing,
    status: row.status,
    voteCount: row.voteCount ?? 0,
    createdAt: row.createdAt.toISOString(),
    contestMonth: row.status === 'submitted' ? entryMonthOf(row.submittedAt, contestTimeZone) : null,
    concealmentScore:
      row.concealmentScore != null && row.concealmentScore >= 0
        ? Math.round(row.concealmentScore * 10) / 10
        : null,
    hiding: cardHiding(row),
    versatility: versatilityOf(row),
    ...(row.status === 'pending_selection' ? { environmentPhotoId: row.environmentPhotoId ?? null } : {}),
  };
}
