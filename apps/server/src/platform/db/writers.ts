import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { users } from './schema.js';

/**
 * The one rule for who may write to the community (a comment, a vote, a report): the person
 * exists and is not blocked (moderation/, decision 012). Decided inside each write's own
 * statement, so a block that lands between a check and the write still stops it.
 */
export function mayWrite(userId: string): SQL {
  return and(eq(users.id, userId), isNull(users.blockedAt))!;
}

/** The same rule as a condition of a statement that does not read `users` itself. */
export function writerMayWrite(userId: string): SQL {
  return sql`exists (select 1 from ${users} where ${mayWrite(userId)})`;
}
