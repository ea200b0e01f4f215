import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { devAccounts, sessions, users, verifications } from '../db/schema.js';

export type DevAccount = typeof devAccounts.$inferSelect;

/** The queries sign-in needs beyond better-auth's own: sessions, e-mail link tokens, test accounts. */
export function createAuthRepository(db: Db) {
  return {
    async deleteSession(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    /** Deletes the session with this token only if it was created before `cutoff`. */
    async deleteSessionCreatedBefore(token: string, cutoff: Date): Promise<void> {
      await db.delete(sessions).where(and(eq(sessions.token, token), lt(sessions.createdAt, cutoff)));
    },

    /** The stored value of a pending e-mail sign-in link (better-auth's verification row). */
    async magicLinkValue(token: string): Promise<string | undefined> {
      const [row] = await db
        .select({ value: verifications.value })
        .from(verifications)
        .where(eq(verifications.identifier, `magic-link:${token}`))
        .limit(1);
      return row?.value;
    },

    /** Whether an account has this e-mail (better-auth's own lookup ignores case too). */
    async hasAccountFor(email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row !== undefined;
    },

    async findDevAccount(id: string): Promise<DevAccount | undefined> {
      const [row] = await db.select().from(devAccounts).where(eq(devAccounts.id, id)).limit(1);
      return row;
    },

    async findDevAccountByEmail(email: string): Promise<DevAccount | undefined> {
      const [row] = await db.select().from(devAccounts).where(eq(devAccounts.email, email)).limit(1);
      return row;
    },

    listDevAccounts(limit: number) {
      return db
        .select({ id: devAccounts.id, name: devAccounts.name, email: devAccounts.email })
        .from(devAccounts)
        .orderBy(devAccounts.createdAt)
        .limit(limit);
    },

    async insertDevAccount(values: typeof devAccounts.$inferInsert): Promise<void> {
      await db.insert(devAccounts).values(values);
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
