import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGalleryRepository } from '../src/gallery/gallery.repository.js';
import { openDatabase, type Database } from '../src/platform/db/database.js';
import { createSubmittedDesign, createUser } from './support/community-factory.js';
import { backends } from './support/test-server.js';

/**
 * The gallery search matches the designer's current name, and the name kept on the design only
 * when its owner has none (the card shows the same name). The query finds matching people once
 * rather than joining users per design, so these cases pin down that it still means the same.
 */
describe.each(backends)('gallery search by designer name (%s)', (backend) => {
  let database: Database;
  // A database of its own on PostgreSQL, dropped afterwards.
  const name = `camo_search_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  beforeAll(async () => {
    if (backend === 'postgres') {
      await admin(`CREATE DATABASE ${name}`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      database = await openDatabase({ kind: 'postgres', url: url.toString() });
    } else {
      database = await openDatabase({ kind: 'pglite-memory' });
    }
  });
  afterAll(async () => {
    await database?.close();
    if (backend === 'postgres') await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('uses the current name, falling back to the stored one for a blank name', async () => {
    const db = database.db;
    const state = 'WY';
    const tag = `s${Date.now().toString(36)}`;
    const renamed = await createUser(db, { displayName: `Renamed ${tag}` });
    const blank = await createUser(db, { displayName: '' });
    const spaces = await createUser(db, { displayName: '   ' });
    const byRenamed = await createSubmittedDesign(db, {
      userId: renamed,
      state,
      name: 'Ridge',
      designerName: `Oldname ${tag}`,
    });
    const byBlank = await createSubmittedDesign(db, {
      userId: blank,
      state,
      name: 'Creek',
      designerName: `Stored ${tag}`,
    });
    const bySpaces = await createSubmittedDesign(db, {
      userId: spaces,
      state,
      name: 'Bluff',
      designerName: `Stored ${tag} too`,
    });
    const repo = createGalleryRepository(db);
    const ids = async (q: string) =>
      (await repo.page({ sort: 'recent', state, q, limit: 20 })).map((row) => row.id).sort();

    expect(await ids(`renamed ${tag}`)).toEqual([byRenamed]);
    expect(await ids(`oldname ${tag}`)).toEqual([]);
    expect(await ids(`stored ${tag}`)).toEqual([byBlank, bySpaces].sort());
    expect(await ids(`stored ${tag} too`)).toEqual([bySpaces]);
    expect(await ids('creek')).toEqual([byBlank]);
    const [card] = await repo.page({ sort: 'recent', state, q: `renamed ${tag}`, limit: 20 });
    expect(card?.designerName).toBe(`Renamed ${tag}`);
  });
});
