import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import { designs, memberCount, users } from '../platform/db/schema.js';

export type UserRow = typeof users.$inferSelect;
export type DesignRow = typeof designs.$inferSelect;

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
    ): Promise<DesignRow[]> {
      return db
        .select()
        .from(designs)
        .where(
          options.includeDrafts
            ? eq(designs.userId, userId)
            : and(eq(designs.userId, userId), eq(designs.status, 'submitted')),
        )
        .orderBy(desc(designs.createdAt))
        .limit(options.limit);
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
