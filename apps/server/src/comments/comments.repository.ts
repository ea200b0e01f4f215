import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { messages } from '@camo/shared/messages';
import type { Db } from '../platform/db/database.js';
import { communityVisible } from '../designs/design-queries.repository.js';
import { personNameSql } from '../platform/db/person-name.js';
import { comments, designs, users } from '../platform/db/schema.js';
import { mayWrite } from '../platform/db/writers.js';

export interface CommentRow {
  id: string;
  designId: string;
  userId: string;
  /** The commenter's current name (joined, so a rename shows on old comments too). */
  userName: string | null;
  userAvatar: string | null;
  text: string;
  createdAt: Date;
}

export function createCommentsRepository(db: Db) {
  const columns = {
    id: comments.id,
    designId: comments.designId,
    userId: comments.userId,
    userName: personNameSql<string | null>(sql`nullif(${comments.userName}, '')`),
    userAvatar: sql<string | null>`coalesce(${users.image}, ${comments.userAvatar})`,
    text: comments.text,
    createdAt: comments.createdAt,
  };

  return {
    /** Who owns the design and whether it is submitted (comments live on submitted designs). */
    async design(designId: string): Promise<{ userId: string; status: string } | undefined> {
      const [row] = await db
        .select({ userId: designs.userId, status: designs.status })
        .from(designs)
        .where(eq(designs.id, designId))
        .limit(1);
      return row;
    },

    /**
     * Newest first (id breaks ties of the same instant), with the total count; comments a
     * moderator hid are in neither.
     */
    async list(designId: string, limit: number): Promise<{ rows: CommentRow[]; count: number }> {
      const rows = await db
        .select(columns)
        .from(comments)
        .leftJoin(users, eq(users.id, comments.userId))
        .where(and(eq(comments.designId, designId), isNull(comments.hiddenAt)))
        .orderBy(desc(comments.createdAt), desc(comments.id))
        .limit(limit);
      const [total] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(comments)
        .where(and(eq(comments.designId, designId), isNull(comments.hiddenAt)));
      return { rows, count: total?.count ?? 0 };
    },

    /**
     * Adds a comment to a submitted design by a user who is not blocked; the rules are part of
     * the insert, so a design that is not submitted (or gone) or a blocked author yields no row.
     */
    async create(values: {
      id: string;
      designId: string;
      userId: string;
      text: string;
    }): Promise<CommentRow | undefined> {
      const [inserted] = await db
        .insert(comments)
        .select(
          db
            .select({
              id: sql<string>`${values.id}::text`.as('id'),
              designId: designs.id,
              userId: users.id,
              userName: personNameSql(messages.anonymous).as('user_name'),
              userAvatar: users.image,
              text: sql<string>`${values.text}::text`.as('text'),
              createdAt: sql<Date>`now()`.as('created_at'),
              // insert ... select names every column of the table.
              hiddenAt: sql<Date | null>`null::timestamptz`.as('hidden_at'),
            })
            .from(designs)
            .innerJoin(users, mayWrite(values.userId))
            .where(and(eq(designs.id, values.designId), communityVisible)),
        )
        .returning({ id: comments.id });
      if (!inserted) return undefined;
      const [row] = await db
        .select(columns)
        .from(comments)
        .leftJoin(users, eq(users.id, comments.userId))
        .where(eq(comments.id, inserted.id))
        .limit(1);
      return row;
    },

    /** Comments this user wrote since `since` (the per-user rate limit). */
    async countSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(comments)
        .where(
          and(eq(comments.userId, userId), sql`${comments.createdAt} > ${since.toISOString()}::timestamptz`),
        );
      return row?.count ?? 0;
    },

    /**
     * Deletes a comment if `userId` wrote it or owns its design; the permission is the WHERE,
     * so the number of rows deleted decides the reply.
     */
    async delete(commentId: string, userId: string): Promise<boolean> {
      const deleted = await db
        .delete(comments)
        .where(
          and(
            eq(comments.id, commentId),
            or(
              eq(comments.userId, userId),
              sql`exists (select 1 from ${designs} where ${designs.id} = ${comments.designId} and ${designs.userId} = ${userId})`,
            ),
          ),
        )
        .returning({ id: comments.id });
      return deleted.length > 0;
    },
  };
}

export type CommentsRepository = ReturnType<typeof createCommentsRepository>;
