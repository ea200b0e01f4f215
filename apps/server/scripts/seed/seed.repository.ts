import { eq, inArray, sql } from 'drizzle-orm';
import type { DEV_OIDC_PROVIDER_ID } from '../../src/platform/auth/dev-oidc-provider.js';
import type { Db } from '../../src/platform/db/database.js';
import { accounts, comments, designs, devAccounts, users, votes } from '../../src/platform/db/schema.js';

/**
 * The development provider's id, checked against its constant at compile time: importing the
 * module itself would load oidc-provider (and its runtime warning) into the seed script.
 */
const DEV_PROVIDER: typeof DEV_OIDC_PROVIDER_ID = 'dev-oidc';

export interface SeedUser {
  id: string;
  name: string;
  email: string;
  joinedAt: Date;
  lastSignIn: Date;
}

/**
 * What the seed writes beside the services: accounts (as a sign-in would create them) and the
 * dates that place a community in the past. Nothing here changes a rule the services keep.
 */
export function createSeedRepository(db: Db) {
  return {
    /**
     * A person as a development sign-in leaves them: a test account of the built-in provider, the
     * user (the member-count trigger counts them) and the account linking the two by
     * (provider, subject). Existing rows are left alone, so a second run adds nobody.
     */
    async insertPeople(people: SeedUser[]): Promise<number> {
      if (people.length === 0) return 0;
      return db.transaction(async (tx) => {
        await tx
          .insert(devAccounts)
          .values(people.map((p) => ({ id: p.id, name: p.name, email: p.email, createdAt: p.joinedAt })))
          .onConflictDoNothing();
        const added = await tx
          .insert(users)
          .values(
            people.map((p) => ({
              id: p.id,
              email: p.email,
              emailVerified: true,
              displayName: p.name,
              createdAt: p.joinedAt,
              updatedAt: p.joinedAt,
              lastSignIn: p.lastSignIn,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: users.id });
        const addedIds = new Set(added.map((row) => row.id));
        const fresh = people.filter((p) => addedIds.has(p.id));
        if (fresh.length > 0)
          await tx
            .insert(accounts)
            .values(
              fresh.map((p) => ({
                id: p.id,
                accountId: p.id,
                providerId: DEV_PROVIDER,
                userId: p.id,
                createdAt: p.joinedAt,
                updatedAt: p.joinedAt,
              })),
            )
            .onConflictDoNothing();
        return added.length;
      });
    },

    /** The record is made when the job runs; its creation time follows the seed's clock. */
    async dateDesign(designId: string, createdAt: Date, story: string | null): Promise<void> {
      await db.update(designs).set({ createdAt, story }).where(eq(designs.id, designId));
    },

    /** Dates the vote rows this run added (older ones keep their dates). */
    async dateComment(commentId: string, at: Date): Promise<void> {
      await db.update(comments).set({ createdAt: at }).where(eq(comments.id, commentId));
    },

    async commentCount(designId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(comments)
        .where(eq(comments.designId, designId));
      return row?.n ?? 0;
    },

    async voteCount(designIds: string[]): Promise<number> {
      if (designIds.length === 0) return 0;
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(votes)
        .where(inArray(votes.designId, designIds));
      return row?.n ?? 0;
    },
  };
}

export type SeedRepository = ReturnType<typeof createSeedRepository>;
