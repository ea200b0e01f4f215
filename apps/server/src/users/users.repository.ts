import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import { communityVisible, designerNameSql } from '../designs/design-queries.repository.js';
import type { DesignRecord } from '../designs/designs.repository.js';
import { designs, memberCount, users } from '../platform/db/schema.js';

export type UserRow = typeof users.$inferSelect;

export interface ProfilePatch {
  displayName?: string;
  phoneNumber?: string;
  zipCode?: string;
  allowPromo?: boolean;
}

export function createUsersRepository(db: Db) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /** The WHERE names the owner, so a user can only ever change their own row. */
    async updateProfile(id: string, patch: ProfilePatch): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    async recordSignIn(id: string, at: Date): Promise<void> {
      await db.update(users).set({ lastSignIn: at }).where(eq(users.id, id));
    },

    async memberCount(): Promise<number> {
      const [row] = await db
        .select({ count: memberCount.count })
        .from(memberCount)
        .where(eq(memberCount.id, 'total'));
      return row?.count ?? 0;
    },

    /** A user's designs, newest first. Drafts (not yet submitted) only for their owner. */
    async designsOf(
      userId: string,
      options: { includeDrafts: boolean; limit: number },
    ): Promise<DesignRecord[]> {
      const rows = await db
        .select({ design: designs, designerName: designerNameSql() })
        .from(designs)
        .leftJoin(users, eq(users.id, designs.userId))
        .where(
          options.includeDrafts
            ? eq(designs.userId, userId)
            : and(eq(designs.userId, userId), communityVisible),
        )
        .orderBy(desc(designs.createdAt))
        .limit(options.limit);
      // The designer's name through the join, as everywhere: a rename shows on the cards at once.
      return rows.map((row) => ({ ...row.design, designerName: row.designerName }));
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
