import { desc } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import { contestWinners } from '../platform/db/schema.js';

export function createContestRepository(db: Db) {
  return {
    winners: () => db.select().from(contestWinners).orderBy(desc(contestWinners.month)).limit(24),
  };
}
export type ContestRepository = ReturnType<typeof createContestRepository>;
