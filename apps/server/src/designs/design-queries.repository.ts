import { eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { designs, users } from '../platform/db/schema.js';
import { personNameSql } from '../platform/db/person-name.js';
import { designMoves, type DesignMove } from './design-status.js';

/**
 * What every repository that reads or moves designs says the same way (design-policy.ts is the
 * same rules in code): the designer's name, read through the join on users, and a status move.
 */

/** Designs the community sees (design-policy.ts#isCommunityVisible). */
export const communityVisible: SQL = eq(designs.status, 'submitted');
/** A design still with its owner: generated, not yet submitted. */
export const isDraft: SQL = eq(designs.status, 'pending_selection');

/** The columns design-policy.ts#chosenImageKey reads: which image is the design's. */
export const chosenImageColumns = {
  imageUrl: designs.imageUrl,
  editedImageUrl: designs.editedImageUrl,
  hasEdits: designs.hasEdits,
  finalDesignChoice: designs.finalDesignChoice,
  selectedVariant: designs.selectedVariant,
  designAUrl: designs.designAUrl,
  designBUrl: designs.designBUrl,
};

/** The designer's name: their display name now, else the one stored when the design was made. */
export function designerNameSql(displayName: AnyPgColumn = users.displayName) {
  return personNameSql(designs.designerName, displayName);
}

/** A status move's WHERE and SET: the row moves only from a status the move allows. */
export function statusMove(move: DesignMove): {
  from: SQL;
  set: { status: (typeof designMoves)[DesignMove]['to'] };
} {
  const { from, to } = designMoves[move];
  return { from: inArray(designs.status, [...from]), set: { status: to } };
}
