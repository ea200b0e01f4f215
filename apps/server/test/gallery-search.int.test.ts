import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGalleryRepository } from '../src/gallery/gallery.repository.js';
import type { Database } from '../src/platform/db/database.js';
import { createSubmittedDesign, createUser } from './support/community-factory.js';
import { backends, openTestDatabase } from './support/test-server.js';

/**
 * The gallery search matches the designer's current name, and the name kept on the design only
 * when its owner has none (the card shows the same name). The query finds matching people once
 * rather than joining users per design, so these cases pin down that it still means the same.
 */
describe.each(backends)('gallery search by designer name (%s)', (backend) => {
  let database: Database;
  // A database of its own, dropped afterwards.
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(backend));
  });
  afterAll(async () => {
    await drop?.();
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
