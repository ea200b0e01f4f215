import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDesignsRepository } from '../src/designs/designs.repository.js';
import { createModerationRepository } from '../src/moderation/moderation.repository.js';
import type { Database } from '../src/platform/db/database.js';
import { designs } from '../src/platform/db/schema.js';
import { createSubmittedDesign, createUser } from './support/community-factory.js';
import { backends, openTestDatabase } from './support/test-server.js';

/**
 * The writes that move a design's status take their allowed starting statuses from
 * designs/design-status.ts: an illegal move changes no row (called directly, past the services).
 */
describe.each(backends)('design status moves in the writes (%s)', (backend) => {
  let database: Database;
  let drop: () => Promise<void>;
  let owner: string;
  let moderator: string;
  const status = async (id: string) =>
    (await database.db.select({ status: designs.status }).from(designs).where(eq(designs.id, id)))[0]?.status;
  const submit = (id: string) =>
    createDesignsRepository(database.db).submit(id, owner, {
      name: 'Ridge Line',
      designerName: 'Owner',
      finalDesignChoice: 'original',
      imageUrl: 'x.png',
      thumbnailUrl: null,
      displayUrl: 'x.webp',
      at: new Date(),
    });
  const setHidden = (id: string, hidden: boolean) =>
    createModerationRepository(database.db).setDesignHidden(
      randomUUID(),
      {
        adminId: moderator,
        action: hidden ? 'hide_design' : 'restore_design',
        targetType: 'design',
        targetId: id,
        reason: 'test',
      },
      hidden,
    );

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(backend));
    owner = await createUser(database.db);
    moderator = await createUser(database.db);
  });
  afterAll(async () => {
    await drop?.();
  });

  it('refuses to hide a draft, to restore a design that is not hidden, and to submit a hidden one', async () => {
    const draft = await createSubmittedDesign(database.db, { userId: owner, status: 'pending_selection' });
    expect(await setHidden(draft, true)).toBe(false);
    expect(await setHidden(draft, false)).toBe(false);
    expect(await status(draft)).toBe('pending_selection');

    const shown = await createSubmittedDesign(database.db, { userId: owner });
    expect(await setHidden(shown, false)).toBe(false);
    expect(await setHidden(shown, true)).toBe(true);
    expect(await status(shown)).toBe('hidden');
    // The owner cannot bring a hidden design back by submitting it again.
    expect(await submit(shown)).toBeUndefined();
    expect(await status(shown)).toBe('hidden');
    expect(await setHidden(shown, false)).toBe(true);
    expect(await status(shown)).toBe('submitted');
    expect(await submit(shown)).toBeUndefined();
  });

  it('submits a draft once', async () => {
    const draft = await createSubmittedDesign(database.db, { userId: owner, status: 'pending_selection' });
    expect(await submit(draft)).toMatchObject({ status: 'submitted' });
    expect(await submit(draft)).toBeUndefined();
  });
});
