import type { ModerationActionKind, ReportReason, ReportStatus, ReportTarget } from '@camo/shared/moderation';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { designRef } from './designs.js';
import { personRef, users } from './people.js';

/** Reports and the moderators' log. */

/**
 * A person's report of a design or a comment. One per reporter and item; it stays `open` until a
 * moderator acts on the item, then records the outcome its reporter is shown.
 */
export const reports = pgTable(
  'reports',
  {
    id: text('id').primaryKey(),
    reporterId: personRef('reporter_id'),
    targetType: text('target_type').$type<ReportTarget>().notNull(),
    /** The design's or the comment's id. */
    targetId: text('target_id').notNull(),
    /** The design concerned (a comment's design): a report goes with it. */
    designId: designRef('design_id'),
    /** Whose content it is, at the time of the report. */
    authorId: personRef('author_id'),
    reason: text('reason').$type<ReportReason>().notNull(),
    details: text('details').notNull().default(''),
    status: text('status').$type<ReportStatus>().notNull().default('open'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('reports_reporter_target_idx').on(t.reporterId, t.targetType, t.targetId),
    index('reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    index('reports_target_idx').on(t.targetType, t.targetId),
    index('reports_reporter_created_idx').on(t.reporterId, t.createdAt.desc()),
  ],
);

/** Every moderator action, with who and why (kept when the moderator's account goes). */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: text('id').primaryKey(),
    adminId: text('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').$type<ModerationActionKind>().notNull(),
    targetType: text('target_type').$type<'design' | 'comment' | 'user'>().notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_log_created_idx').on(t.createdAt.desc())],
);
