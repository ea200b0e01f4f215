import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDesignsRepository } from '../src/designs/designs.repository.js';
import type { Database } from '../src/platform/db/database.js';
import { designs } from '../src/platform/db/schema.js';
import { createSubmittedDesign, createUser } from './support/community-factory.js';
import { backends, openTestDatabase } from './support/test-server.js';

/**
 * quality.md rule 2: the ownership check is part of the write itself. The services check the
 * owner before they write too, so the API tests would pass without it; these call the writes
 * directly, as another person, and expect no row changed.
 */
describe.each(backends)('ownership in the write itself (%s)', (backend) => {
  let database: Database;
  let drop: () => Promise<void>;
  let owner: string;
  let other: string;
  const repo = () => createDesignsRepository(database.db);
  const row = async (id: string) => (await database.db.select().from(designs).where(eq(designs.id, id)))[0];

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(backend));
    owner = await createUser(database.db);
    other = await createUser(database.db);
  });
  afterAll(async () => {
    await drop?.();
  });

  it('renames, and writes the story of, the owner’s design only', async () => {
    const id = await createSubmittedDesign(database.db, { userId: owner, name: 'No Name' });
    expect(await repo().renameUnnamed(id, other, 'Stolen')).toBeUndefined();
    expect(await repo().setStory(id, other, 'Not mine')).toBeUndefined();
    expect(await row(id)).toMatchObject({ name: 'No Name', story: null });
    expect(await repo().renameUnnamed(id, owner, 'Ridge Line')).toMatchObject({ name: 'Ridge Line' });
  });

  it('selects, claims the edit of, and submits the owner’s draft only', async () => {
    const id = await createSubmittedDesign(database.db, { userId: owner, status: 'pending_selection' });
    await database.db.update(designs).set({ selectedVariant: null }).where(eq(designs.id, id));
    expect(await repo().select(id, other, 'B')).toBeUndefined();
    expect(await repo().claimEdit(id, other, 'make it darker', new Date())).toBeUndefined();
    const submitted = await repo().submit(id, other, {
      name: 'Stolen',
      designerName: 'Thief',
      finalDesignChoice: 'original',
      imageUrl: 'x.png',
      thumbnailUrl: null,
      displayUrl: 'x.webp',
      at: new Date(),
    });
    expect(submitted).toBeUndefined();
    expect(await row(id)).toMatchObject({
      status: 'pending_selection',
      selectedVariant: null,
      editStartedAt: null,
    });
    expect(await repo().select(id, owner, 'B')).toMatchObject({ selectedVariant: 'B' });
  });
});
