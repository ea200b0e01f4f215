import type {
  ModerationActionKind,
  ReportReason,
  ReportStatus,
  ReportTarget,
} from '@camo/shared/moderation.schema';
import { and, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/database.js';
import { isCommunityVisible } from '../designs/design-policy.js';
import { statusMove } from '../designs/design-queries.repository.js';
import { comments, designs, moderationLog, reports, users } from '../platform/db/schema.js';
import { mayWrite } from '../platform/db/writers.js';

/** What a report is about, as the database has it now. */
export interface ReportTargetRow {
  designId: string;
  authorId: string;
  /** Shown to the community right now (a submitted design; a visible comment on one). */
  visible: boolean;
}

export interface OpenReportRow {
  id: string;
  targetType: ReportTarget;
  targetId: string;
  designId: string;
  authorId: string;
  reason: ReportReason;
  details: string;
  reporterName: string | null;
  createdAt: Date;
}

export interface LogEntry {
  adminId: string;
  action: ModerationActionKind;
  targetType: 'design' | 'comment' | 'user';
  targetId: string;
  reason: string;
}

/** Reports, the moderator's actions on content and people, and their log (moderation.service.ts). */
export function createModerationRepository(db: Db) {
  async function log(tx: Tx, id: string, entry: LogEntry): Promise<void> {
    await tx.insert(moderationLog).values({ id, ...entry });
  }

  /** Closes the open reports on one item with the outcome their reporters are shown. */
  async function resolve(tx: Tx, targetType: ReportTarget, targetId: string, status: ReportStatus) {
    await tx
      .update(reports)
      .set({ status, resolvedAt: sql`now()` })
      .where(
        and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, 'open')),
      );
  }

  /**
   * One moderator action: the conditional change, the item's open reports closed as `hidden`
   * (when `hides` names the kind of item hidden) and the log entry, all in one transaction or none.
   */
  async function changeLogged(
    logId: string,
    entry: LogEntry,
    hides: ReportTarget | null,
    change: (tx: Tx) => Promise<unknown[]>,
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      if ((await change(tx)).length === 0) return false;
      if (hides) await resolve(tx, hides, entry.targetId, 'hidden');
      await log(tx, logId, entry);
      return true;
    });
  }

  return {
    /** Whether a user is blocked, and the e-mail that makes a moderator (one primary-key read). */
    async standing(
      userId: string,
    ): Promise<{ blocked: boolean; email: string; emailVerified: boolean } | undefined> {
      const [row] = await db
        .select({ blockedAt: users.blockedAt, email: users.email, emailVerified: users.emailVerified })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row && { blocked: row.blockedAt !== null, email: row.email, emailVerified: row.emailVerified };
    },

    async target(targetType: ReportTarget, targetId: string): Promise<ReportTargetRow | undefined> {
      if (targetType === 'design') {
        const [row] = await db
          .select({ designId: designs.id, authorId: designs.userId, status: designs.status })
          .from(designs)
          .where(eq(designs.id, targetId))
          .limit(1);
        return (
          row && { designId: row.designId, authorId: row.authorId, visible: isCommunityVisible(row.status) }
        );
      }
      const [row] = await db
        .select({
          designId: comments.designId,
          authorId: comments.userId,
          hiddenAt: comments.hiddenAt,
          status: designs.status,
        })
        .from(comments)
        .innerJoin(designs, eq(designs.id, comments.designId))
        .where(eq(comments.id, targetId))
        .limit(1);
      return (
        row && {
          designId: row.designId,
          authorId: row.authorId,
          visible: row.hiddenAt === null && isCommunityVisible(row.status),
        }
      );
    },

    /**
     * Files a report; one per reporter and item (the unique index decides), so a repeat returns
     * false. The reporter's own standing is part of the insert: a blocked user files nothing.
     */
    async create(values: {
      id: string;
      reporterId: string;
      targetType: ReportTarget;
      targetId: string;
      designId: string;
      authorId: string;
      reason: ReportReason;
      details: string;
    }): Promise<boolean> {
      const inserted = await db
        .insert(reports)
        .select(
          db
            .select({
              id: sql<string>`${values.id}::text`.as('id'),
              reporterId: users.id,
              targetType: sql<ReportTarget>`${values.targetType}::text`.as('target_type'),
              targetId: sql<string>`${values.targetId}::text`.as('target_id'),
              designId: sql<string>`${values.designId}::text`.as('design_id'),
              authorId: sql<string>`${values.authorId}::text`.as('author_id'),
              reason: sql<ReportReason>`${values.reason}::text`.as('reason'),
              details: sql<string>`${values.details}::text`.as('details'),
              status: sql<ReportStatus>`'open'`.as('status'),
              createdAt: sql<Date>`now()`.as('created_at'),
              resolvedAt: sql<Date | null>`null::timestamptz`.as('resolved_at'),
            })
            .from(users)
            .where(mayWrite(values.reporterId)),
        )
        .onConflictDoNothing()
        .returning({ id: reports.id });
      return inserted.length > 0;
    },

    /** A reporter's reports, newest first, with what each is about when it still exists. */
    async mine(reporterId: string, limit: number) {
      return db
        .select({
          id: reports.id,
          targetType: reports.targetType,
          targetId: reports.targetId,
          designId: reports.designId,
          designName: designs.name,
          commentText: comments.text,
          reason: reports.reason,
          status: reports.status,
          createdAt: reports.createdAt,
          resolvedAt: reports.resolvedAt,
        })
        .from(reports)
        .innerJoin(designs, eq(designs.id, reports.designId))
        .leftJoin(comments, and(eq(reports.targetType, 'comment'), eq(comments.id, reports.targetId)))
        .where(eq(reports.reporterId, reporterId))
        .orderBy(desc(reports.createdAt), desc(reports.id))
        .limit(limit);
    },

    /** Open reports, oldest first (the queue's order), with their reporters' names. */
    async openReports(limit: number): Promise<OpenReportRow[]> {
      return db
        .select({
          id: reports.id,
          targetType: reports.targetType,
          targetId: reports.targetId,
          designId: reports.designId,
          authorId: reports.authorId,
          reason: reports.reason,
          details: reports.details,
          reporterName: users.displayName,
          createdAt: reports.createdAt,
        })
        .from(reports)
        .leftJoin(users, eq(users.id, reports.reporterId))
        .where(eq(reports.status, 'open'))
        .orderBy(reports.createdAt, reports.id)
        .limit(limit);
    },

    async designsByIds(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: designs.id,
          name: designs.name,
          status: designs.status,
          thumbnailUrl: designs.thumbnailUrl,
        })
        .from(designs)
        .where(inArray(designs.id, ids));
    },

    async commentsByIds(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: comments.id, text: comments.text, hiddenAt: comments.hiddenAt })
        .from(comments)
        .where(inArray(comments.id, ids));
    },

    async usersByIds(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: users.id, displayName: users.displayName, blockedAt: users.blockedAt })
        .from(users)
        .where(inArray(users.id, ids));
    },

    /**
     * Moves a design between submitted and hidden, closes its open reports (on hiding) and logs
     * the action, in one transaction; false when the design was not in the expected status.
     */
    setDesignHidden: (logId: string, entry: LogEntry, hidden: boolean) =>
      changeLogged(logId, entry, hidden ? 'design' : null, (tx) =>
        tx
          .update(designs)
          .set(
            hidden
              ? { ...statusMove('hide').set, hiddenReason: entry.reason }
              : { ...statusMove('restore').set, hiddenReason: null },
          )
          .where(and(eq(designs.id, entry.targetId), statusMove(hidden ? 'hide' : 'restore').from))
          .returning({ id: designs.id }),
      ),

    setCommentHidden: (logId: string, entry: LogEntry, hidden: boolean) =>
      changeLogged(logId, entry, hidden ? 'comment' : null, (tx) =>
        tx
          .update(comments)
          .set({ hiddenAt: hidden ? sql`now()` : null })
          .where(
            and(
              eq(comments.id, entry.targetId),
              hidden ? isNull(comments.hiddenAt) : isNotNull(comments.hiddenAt),
            ),
          )
          .returning({ id: comments.id }),
      ),

    /** Blocks or unblocks a user (never the acting moderator) and logs it, in one transaction. */
    setUserBlocked: (logId: string, entry: LogEntry, blocked: boolean) =>
      changeLogged(logId, entry, null, (tx) =>
        tx
          .update(users)
          .set(
            blocked
              ? { blockedAt: sql`now()`, blockedReason: entry.reason }
              : { blockedAt: null, blockedReason: null },
          )
          .where(
            and(
              eq(users.id, entry.targetId),
              ne(users.id, entry.adminId),
              blocked ? isNull(users.blockedAt) : isNotNull(users.blockedAt),
            ),
          )
          .returning({ id: users.id }),
      ),

    /** Closes an item's open reports with no action on the content; false when none were open. */
    async dismiss(logId: string, entry: LogEntry & { targetType: ReportTarget }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const closed = await tx
          .update(reports)
          .set({ status: 'dismissed', resolvedAt: sql`now()` })
          .where(
            and(
              eq(reports.targetType, entry.targetType),
              eq(reports.targetId, entry.targetId),
              eq(reports.status, 'open'),
            ),
          )
          .returning({ id: reports.id });
        if (closed.length === 0) return false;
        await log(tx, logId, entry);
        return true;
      });
    },

    async log(limit: number) {
      return db
        .select({
          id: moderationLog.id,
          action: moderationLog.action,
          targetType: moderationLog.targetType,
          targetId: moderationLog.targetId,
          reason: moderationLog.reason,
          adminId: moderationLog.adminId,
          adminName: users.displayName,
          createdAt: moderationLog.createdAt,
        })
        .from(moderationLog)
        .leftJoin(users, eq(users.id, moderationLog.adminId))
        .orderBy(desc(moderationLog.createdAt), desc(moderationLog.id))
        .limit(limit);
    },

    async blockedUsers(limit: number) {
      return db
        .select({
          id: users.id,
          displayName: users.displayName,
          blockedAt: users.blockedAt,
          reason: users.blockedReason,
        })
        .from(users)
        .where(isNotNull(users.blockedAt))
        .orderBy(desc(users.blockedAt))
        .limit(limit);
    },
  };
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>;
