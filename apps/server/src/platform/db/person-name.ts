import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './schema.js';

/**
 * A person's name as the site shows it: their display name now (a rename shows everywhere at
 * once), else `fallback` (the name stored with what they made, or a fixed word). `displayName`
 * is the users table's column, or an alias's when a query joins users twice.
 */
export function personNameSql<T extends string | null = string>(
  fallback: SQL | AnyPgColumn | string,
  displayName: AnyPgColumn = users.displayName,
) {
  return sql<T>`coalesce(nullif(trim(${displayName}), ''), ${fallback})`;
}
