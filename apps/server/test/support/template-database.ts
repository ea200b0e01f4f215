import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/platform/db/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite directory with every migration applied; test servers start from a copy. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database on TEST_DATABASE_URL's server ('' without one). */
    postgresTemplate: string;
  }
}

/** The database server of TEST_DATABASE_URL, reached at another database name. */
export function postgresUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * vitest globalSetup: migrates one database per run, so that a test server copies it (a directory
 * copy for PGlite, CREATE DATABASE ... TEMPLATE on PostgreSQL) instead of running initdb and every
 * migration again. A test server still opens its copy through openDatabase, which finds every
 * migration applied: the code path under test is production's.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = mkdtempSync(path.join(tmpdir(), 'camo-template-'));
  const pgliteDir = path.join(root, 'db');
  const adminUrl = process.env.TEST_DATABASE_URL;
  const postgresName = adminUrl ? `camo_template_${randomBytes(6).toString('hex')}` : '';

  const pglite = (async () => {
    const database = await openDatabase({ kind: 'pglite', dir: pgliteDir });
    await database.close();
  })();
  const postgres = (async () => {
    if (!adminUrl) return;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${postgresName}`);
    } finally {
      await admin.end();
    }
    const database = await openDatabase({ kind: 'postgres', url: postgresUrl(adminUrl, postgresName) });
    // No connection may stay open: PostgreSQL copies a template only while nobody is connected.
    await database.close();
  })();
  await Promise.all([pglite, postgres]);

  project.provide('pgliteTemplate', pgliteDir);
  project.provide('postgresTemplate', postgresName);

  return async () => {
    if (adminUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${postgresName} WITH (FORCE)`);
      await admin.end();
    }
    rmSync(root, { recursive: true, force: true });
  };
}
