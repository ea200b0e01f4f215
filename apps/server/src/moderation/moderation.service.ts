import { apiMessages } from '@camo/shared/api-messages';
import { randomUUID } from 'node:crypto';
import {
  moderationMessages,
  type AdminWarning,
  type BlockedUserList,
  type ModerationLog,
  type MyReportList,
  type Queue,
  type QueueItem,
  type ReportReason,
  type ReportTarget,
} from '@camo/shared/moderation.schema';
import { ConflictError, ForbiddenError, NotFoundError } from '../platform/http-errors.js';
import type { FileUrl } from '../platform/storage.js';
import type { LogEntry, ModerationRepository } from './moderation.repository.js';

/** How many open reports the queue reads at once; a moderator works through them oldest first. */
const QUEUE_REPORTS = 500;
const LIST_LIMIT = 200;
const LABEL_CHARS = 80;

const label = (text: string) => (text.length > LABEL_CHARS ? `${text.slice(0, LABEL_CHARS - 1)}…` : text);

/**
 * Reports and moderation (issue: "a community that can be kept clean"). People report a design
 * or a comment with a reason; moderators (ADMIN_EMAILS) hide content, block people or dismiss
 * reports, each with a reason that is logged with who acted. A hidden design has the status
 * `hidden`, so every query of the community (gallery, counts, game, contest) leaves it out; a
 * hidden comment leaves its design's list and count; a blocked user may read but not write
 * (session.ts refuses their writes; votes, comments and reports also check it in the write).
 */
export function createModerationService(deps: {
  repo: ModerationRepository;
  fileUrl: FileUrl;
  adminEmails: readonly string[];
  /** Settings that put moderation at risk (config.ts's adminWarnings), shown with the queue. */
  warnings?: readonly AdminWarning[];
  /** After content was hidden or restored: cached gallery pages are started afresh. */
  onContentChange?: () => void;
  /** After a person was blocked or unblocked: what this process keeps about them is dropped now. */
  onPersonChange?: (userId: string) => void;
}) {
  const { repo, fileUrl } = deps;
  const admins = new Set(deps.adminEmails.map((email) => email.toLowerCase()));

  /** Runs one logged action; when it changed nothing, the reply says why. */
  async function act(
    entry: LogEntry,
    change: (logId: string, entry: LogEntry) => Promise<boolean>,
    exists: () => Promise<boolean>,
  ): Promise<void> {
    if (await change(randomUUID(), entry)) {
      if (entry.targetType !== 'user') deps.onContentChange?.();
      else deps.onPersonChange?.(entry.targetId);
      return;
    }
    // Nothing changed: either the item is gone, or it is already as asked (a repeat click, or
    // another moderator was first); the reply says which.
    if (!(await exists())) throw new NotFoundError(moderationMessages.targetNotFound);
    if (entry.targetType === 'user' && entry.targetId === entry.adminId)
      throw new ForbiddenError(apiMessages.blockSelf);
    throw new ConflictError(alreadyDone(entry.action));
  }

  return {
    /** What the session resolver needs: whether a user may write, and whether they moderate. */
    async standing(userId: string): Promise<{ blocked: boolean; admin: boolean }> {
      const row = await repo.standing(userId);
      if (!row) return { blocked: false, admin: false };
      return { blocked: row.blocked, admin: row.emailVerified && admins.has(row.email.toLowerCase()) };
    },

    async report(
      reporterId: string,
      input: { targetType: ReportTarget; targetId: string; reason: ReportReason; details: string },
    ): Promise<void> {
      const target = await repo.target(input.targetType, input.targetId);
      // Only what the community sees can be reported; anything else is not found, as elsewhere.
      if (!target || !target.visible) throw new NotFoundError(moderationMessages.targetNotFound);
      if (target.authorId === reporterId) throw new ForbiddenError(moderationMessages.reportOwn);
      const created = await repo.create({
        id: randomUUID(),
        reporterId,
        ...input,
        designId: target.designId,
        authorId: target.authorId,
      });
      if (!created) throw new ConflictError(moderationMessages.alreadyReported);
    },

    async mine(reporterId: string): Promise<MyReportList> {
      const rows = await repo.mine(reporterId, LIST_LIMIT);
      return {
        reports: rows.map((row) => ({
          id: row.id,
          targetType: row.targetType,
          targetId: row.targetId,
          designId: row.designId,
          targetLabel:
            row.targetType === 'design'
              ? row.designName.trim() || 'No Name'
              : row.commentText === null
                ? 'A comment that was deleted'
                : `“${label(row.commentText)}”`,
          reason: row.reason,
          status: row.status,
          createdAt: row.createdAt.toISOString(),
          resolvedAt: row.resolvedAt?.toISOString() ?? null,
        })),
      };
    },

    /** Open reports grouped by item, oldest first, with the content and its author. */
    async queue(): Promise<Queue> {
      const open = await repo.openReports(QUEUE_REPORTS);
      const ids = (type: ReportTarget) => [
        ...new Set(open.filter((r) => r.targetType === type).map((r) => r.targetId)),
      ];
      const [designRows, commentRows, authorRows] = await Promise.all([
        repo.designsByIds(ids('design')),
        repo.commentsByIds(ids('comment')),
        repo.usersByIds([...new Set(open.map((r) => r.authorId))]),
      ]);
      const designsById = new Map(designRows.map((d) => [d.id, d]));
      const commentsById = new Map(commentRows.map((c) => [c.id, c]));
      const authorsById = new Map(authorRows.map((u) => [u.id, u]));

      const items = new Map<string, QueueItem>();
      for (const report of open) {
        const key = `${report.targetType}:${report.targetId}`;
        let item = items.get(key);
        if (!item) {
          const author = authorsById.get(report.authorId);
          const design = report.targetType === 'design' ? designsById.get(report.targetId) : undefined;
          const comment = report.targetType === 'comment' ? commentsById.get(report.targetId) : undefined;
          // Content deleted since the report (a comment its author removed) leaves the queue.
          if (report.targetType === 'design' ? !design : !comment) continue;
          item = {
            targetType: report.targetType,
            targetId: report.targetId,
            designId: report.designId,
            text: design ? design.name.trim() || 'No Name' : (comment?.text ?? ''),
            imageUrl: design ? fileUrl(design.thumbnailUrl) : null,
            hidden: design ? design.status === 'hidden' : comment?.hiddenAt != null,
            author: {
              id: report.authorId,
              displayName: author?.displayName || null,
              blocked: author?.blockedAt != null,
            },
            reports: [],
            firstReportedAt: report.createdAt.toISOString(),
          };
          items.set(key, item);
        }
        item.reports.push({
          id: report.id,
          reason: report.reason,
          details: report.details,
          reporterName: report.reporterName || null,
          createdAt: report.createdAt.toISOString(),
        });
      }
      return { items: [...items.values()], warnings: [...(deps.warnings ?? [])] };
    },

    hideDesign: (adminId: string, designId: string, reason: string, hidden: boolean) =>
      act(
        {
          adminId,
          action: hidden ? 'hide_design' : 'restore_design',
          targetType: 'design',
          targetId: designId,
          reason,
        },
        (logId, entry) => repo.setDesignHidden(logId, entry, hidden),
        async () => (await repo.designsByIds([designId])).some((d) => d.status !== 'pending_selection'),
      ),

    hideComment: (adminId: string, commentId: string, reason: string, hidden: boolean) =>
      act(
        {
          adminId,
          action: hidden ? 'hide_comment' : 'restore_comment',
          targetType: 'comment',
          targetId: commentId,
          reason,
        },
        (logId, entry) => repo.setCommentHidden(logId, entry, hidden),
        async () => (await repo.commentsByIds([commentId])).length > 0,
      ),

    blockUser: (adminId: string, userId: string, reason: string, blocked: boolean) =>
      act(
        {
          adminId,
          action: blocked ? 'block_user' : 'unblock_user',
          targetType: 'user',
          targetId: userId,
          reason,
        },
        (logId, entry) => repo.setUserBlocked(logId, entry, blocked),
        async () => (await repo.usersByIds([userId])).length > 0,
      ),

    async dismiss(
      adminId: string,
      targetType: ReportTarget,
      targetId: string,
      reason: string,
    ): Promise<void> {
      const entry = { adminId, action: 'dismiss_reports' as const, targetType, targetId, reason };
      if (!(await repo.dismiss(randomUUID(), entry))) throw new ConflictError(alreadyDone(entry.action));
    },

    async log(): Promise<ModerationLog> {
      const rows = await repo.log(LIST_LIMIT);
      return {
        actions: rows.map((row) => ({
          ...row,
          adminName: row.adminName || null,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    async blockedUsers(): Promise<BlockedUserList> {
      const rows = await repo.blockedUsers(LIST_LIMIT);
      return {
        users: rows.map((row) => ({
          id: row.id,
          displayName: row.displayName || null,
          blockedAt: (row.blockedAt ?? new Date(0)).toISOString(),
          reason: row.reason ?? '',
        })),
      };
    },
  };
}

/** The reply when an action finds its item already as asked (a repeat, or another moderator). */
function alreadyDone(action: LogEntry['action']): string {
  switch (action) {
    case 'hide_design':
      return 'This design is already hidden.';
    case 'restore_design':
      return 'This design is not hidden.';
    case 'hide_comment':
      return 'This comment is already hidden.';
    case 'restore_comment':
      return 'This comment is not hidden.';
    case 'block_user':
      return 'This person is already blocked.';
    case 'unblock_user':
      return 'This person is not blocked.';
    case 'dismiss_reports':
      return 'There are no open reports on this item.';
  }
}

export type ModerationService = ReturnType<typeof createModerationService>;
