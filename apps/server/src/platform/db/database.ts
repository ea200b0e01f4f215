import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { fromPglite } from 'pg-boss';
import type { ConstructorOptions } from 'pg-boss';
import { serverPaths } from '../paths.js';
import { lockDataDirectory } from './data-dir-lock.js';
import { pgliteListen, postgresListen, type Listen } from './notifications.js';
import { schema, type Schema } from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a `db.transaction` callback receives. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** How pg-boss reaches this database: its own pool on PostgreSQL, the one PGlite otherwise. */
  queueConnection: Pick<ConstructorOptions, 'connectionString' | 'db' | 'backend'>;
  /** `LISTEN` on a channel: a connection of its own on PostgreSQL, in process on PGlite (notifications.ts). */
  listen: Listen;
  close(): Promise<void>;
}

export const migrationsFolder = serverPaths.migrations;

/** Serialises migrations when several processes start against one PostgreSQL. */
const MIGRATION_LOCK_KEY = 7_306_114_201;

export type DatabaseTarget =
  { kind: 'postgres'; url: string } | { kind: 'pglite'; dir: string } | { kind: 'pglite-memory' };

/**
 * PostgreSQL could not be reached at start: the message names DATABASE_URL and what was tried
 * (host, port, database and user, never the password), without a stack trace (main.ts, worker.ts).
 */
export class DatabaseUnreachableError extends Error {
  constructor(url: string, cause: unknown) {
    super(`DATABASE_URL: could not open ${describeDatabaseUrl(url)}: ${connectFailure(cause)}`, { cause });
    this.name = 'DatabaseUnreachableError';
  }
}

/** host:port/database and the user of a postgres:// URL, never its password. */
function describeDatabaseUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'the PostgreSQL database (the URL could not be read)';
  }
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  const user = decode(parsed.username) || 'the current user';
  const host = parsed.searchParams.get('host') || parsed.hostname || 'localhost';
  const port = parsed.port || parsed.searchParams.get('port') || '5432';
  const database = decode(parsed.pathname.replace(/^\//, '')) || decode(parsed.username);
  return `PostgreSQL at ${host}:${port}/${database} as ${user}`;
}

function connectFailure(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  switch (code) {
    case 'ECONNREFUSED':
      return 'the connection was refused (is PostgreSQL running there, on that port?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name was not found';
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'the host could not be reached';
    case '3D000':
      return 'that database does not exist (create it, e.g. with createdb, or name another)';
    case '28P01':
    case '28000':
      return 'PostgreSQL refused the user or password';
    default:
      return typeof message === 'string' && message ? message : String(error);
  }
}

/** Opens the database, applies the committed migrations, and returns it ready for use. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection the server ends (a restart, an administrator) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', () => undefined);
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
    const client = await pool.connect().catch(async (error: unknown) => {
      await pool.end().catch(() => undefined);
      throw new DatabaseUnreachableError(target.url, error);
    });
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      client.release();
    }
    return {
      db,
      kind: 'postgres',
      queueConnection: { connectionString: target.url, backend: 'postgres' },
      listen: postgresListen(target.url),
      close: () => pool.end(),
    };
  }

  let release: (() => Promise<void>) | undefined;
  let client: PGlite;
  if (target.kind === 'pglite') {
    mkdirSync(target.dir, { recursive: true });
    release = await lockDataDirectory(target.dir);
    try {
      client = await PGlite.create(target.dir);
    } catch (error) {
      await release();
      throw error;
    }
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  try {
    await migratePglite(drizzlePglite({ client }), { migrationsFolder });
  } catch (error) {
    await client.close();
    await release?.();
    throw error;
  }
  return {
    db,
    kind: 'pglite',
    queueConnection: { db: fromPglite(client), backend: 'pglite' },
    listen: pgliteListen(client),
    close: async () => {
      await client.close();
      await release?.();
    },
  };
}

/**
 * Runs a full garbage collection when the process was started with --expose-gc (npm start does):
 * without it V8 frees PGlite's start-up buffers at some arbitrary later point, and until then the
 * server's resident memory stays about 350 MB higher than it needs to be (PGlite's file-system
 * bundle and initdb module, held until a collection).
 */
export async function releaseStartupMemory(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return;
  // Two passes: the first finds the buffers unreachable, the second frees what their finalisers
  // released in between.
  gc();
  await new Promise((resolve) => setTimeout(resolve, 100));
  gc();
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
