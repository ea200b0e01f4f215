import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Engine } from '../../src/engine/engine.js';
import type { DesignProvider } from '../../src/generation/provider.js';
import { loadConfig, type Config } from '../../src/platform/config.js';
import { openDatabase, type Database, type DatabaseTarget } from '../../src/platform/db/database.js';
import type { Mailer } from '../../src/platform/mailer.js';
import { createStorage, type Storage } from '../../src/platform/storage.js';
import { postgresUrl } from './template-database.js';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL as well when TEST_DATABASE_URL is set (CI sets it). */
export const backends: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * The migrated template of this vitest run (support/template-database.ts, the project's
 * globalSetup), or undefined when the file runs without it.
 */
function template(key: 'pgliteTemplate' | 'postgresTemplate'): string | undefined {
  try {
    return inject(key) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * A PostgreSQL database of its own per test server, dropped when it closes: a copy of the run's
 * migrated template (openDatabase then finds every migration applied), or empty without one.
 */
export async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `camo_test_${randomBytes(6).toString('hex')}`;
  const source = template('postgresTemplate');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(source ? `CREATE DATABASE ${name} TEMPLATE ${source}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: postgresUrl(adminUrl, name),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Copies the run's migrated PGlite template into `dir` (a data directory's `db`, say); false when
 * the file runs without the template, and the directory is left to initdb as on a first start.
 */
export function copyPgliteTemplate(dir: string): boolean {
  const source = template('pgliteTemplate');
  if (!source) return false;
  cpSync(source, dir, { recursive: true });
  return true;
}

/**
 * Where a PGlite test database lives: `dir`, holding a copy of the run's migrated template, or
 * memory (initdb and every migration) when the file runs without the template.
 */
export function pgliteTarget(dir: string): DatabaseTarget {
  return copyPgliteTemplate(dir) ? { kind: 'pglite', dir } : { kind: 'pglite-memory' };
}

/** A migrated database of its own; `drop` closes it (unless closed already) and removes a PostgreSQL one. */
export async function openTestDatabase(
  backend: Backend,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const postgres = backend === 'postgres' ? await freshPostgres() : undefined;
  const dir = postgres ? undefined : mkdtempSync(path.join(tmpdir(), 'camo-test-db-'));
  const database = await openDatabase(
    postgres ? { kind: 'postgres', url: postgres.url } : pgliteTarget(path.join(dir!, 'db')),
  );
  return {
    database,
    drop: async () => {
      await database.close().catch(() => undefined);
      await postgres?.drop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A clock for the services that runs with real time but can be moved on: `advance(ms)` stands in
 * for a sleep. It never goes back, so the order of what the services stamp is kept.
 */
export function testClock(): { now: () => Date; advance(ms: number): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      offset += ms;
    },
  };
}

/**
 * A clock that stands at `at`: what a test hands several apps so that none of the
 * clock-aligned windows they share (the rate limits' minute) ends while it measures.
 */
export function standingClock(at: Date): { now: () => Date } {
  return { now: () => new Date(at) };
}

export interface TestServer {
  origin: string;
  app: FastifyInstance;
  /** Each route's response schemas by status, keyed by `METHOD /fastify/:path`. */
  responseSchemas: Map<string, Record<string, unknown>>;
  config: Config;
  database: Database;
  storage: Storage;
  sentLinks: { email: string; url: string }[];
  close(): Promise<void>;
}

export async function startTestServer(
  backend: Backend,
  env: Record<string, string> = {},
  options: {
    /** Wraps the file store (failure tests inject faults through it). */
    wrapStorage?: (storage: Storage) => Storage;
    /** Reaches the test's PostgreSQL database another way (through a proxy that can be cut). */
    databaseUrl?: (url: string) => Promise<string>;
    /** The services' clock (compose's `now`), e.g. a testClock() a test moves on instead of sleeping. */
    now?: () => Date;
    /** The design provider (compose's; the built-in engine unless given), e.g. one that counts its calls. */
    provider?: DesignProvider;
    /** The engine's threads (compose's unless given), e.g. ones that count what they are asked. */
    engine?: Engine | null;
  } = {},
): Promise<TestServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'camo-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    API_RATE_LIMIT_PER_MINUTE: '100000',
    // Tests write designs straight into the database; the cache has its own tests.
    GALLERY_CACHE_MS: '0',
    ...env,
  });
  const postgres = backend === 'postgres' ? await freshPostgres() : undefined;
  const database = await openDatabase(
    postgres
      ? {
          kind: 'postgres',
          url: options.databaseUrl ? await options.databaseUrl(postgres.url) : postgres.url,
        }
      : pgliteTarget(path.join(dataDir, 'db')),
  );
  const sentLinks: { email: string; url: string }[] = [];
  const mailer: Mailer = {
    sendSignInLink: (email, url) => {
      sentLinks.push({ email, url });
      return Promise.resolve();
    },
  };
  const real = createStorage(config);
  const storage = options.wrapStorage ? options.wrapStorage(real) : real;
  const routes = new Map<string, Record<string, unknown>>();
  const app = await buildApp({
    config,
    database,
    mailer,
    storage,
    now: options.now,
    provider: options.provider,
    engine: options.engine,
    onRoute: (route) => {
      const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
      for (const method of [route.method].flat()) routes.set(`${method} ${route.url}`, response ?? {});
    },
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    origin: config.publicUrl.origin,
    app,
    responseSchemas: routes,
    config,
    database,
    storage,
    sentLinks,
    async close() {
      await app.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
