import { apiMessages } from '@camo/shared/api-messages';
import { randomUUID } from 'node:crypto';
import { communityMessages, type Comment, type CommentList } from '@camo/shared/community.schema';
import { messages } from '@camo/shared/messages';
import { canView } from '../designs/design-policy.js';
import { NotFoundError, QuotaExceededError } from '../platform/http-errors.js';
import type { CommentRow, CommentsRepository } from './comments.repository.js';

/** The newest comments a design page shows. */
const LIST_LIMIT = 500;
/** Per user: enough for a lively conversation, too few for a flood. */
export const COMMENTS_PER_MINUTE = 10;

function toComment(row: CommentRow): Comment {
  return {
    id: row.id,
    designId: row.designId,
    userId: row.userId,
    userName: row.userName || messages.anonymous,
    userAvatar: row.userAvatar,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createCommentsService(repo: CommentsRepository, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());

  /** A submitted design, or the owner's own pending one; 404 for anything else. */
  async function visible(designId: string, viewerId: string): Promise<void> {
    const design = await repo.design(designId);
    if (!design || !canView(design, viewerId)) throw new NotFoundError(messages.designNotFound);
  }

  return {
    async list(designId: string, viewerId: string): Promise<CommentList> {
      await visible(designId, viewerId);
      const { rows, count } = await repo.list(designId, LIST_LIMIT);
      return { comments: rows.map(toComment), count };
    },

    /** `text` is already trimmed and checked by the route's schema; it is stored as typed. */
    async create(designId: string, userId: string, text: string): Promise<Comment> {
      const recent = await repo.countSince(userId, new Date(now().getTime() - 60_000));
      if (recent >= COMMENTS_PER_MINUTE) throw new QuotaExceededError(apiMessages.commentingTooFast);
      const row = await repo.create({ id: randomUUID(), designId, userId, text });
      if (!row) throw new NotFoundError(messages.designNotFound);
      return toComment(row);
    },

    /** Only the comment's author or the design's owner; anybody else learns nothing (404). */
    async delete(commentId: string, userId: string): Promise<void> {
      if (!(await repo.delete(commentId, userId))) throw new NotFoundError(communityMessages.commentNotFound);
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
