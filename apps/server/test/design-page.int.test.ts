import type { Design } from '@camo/shared/generation.schema';
import { generationMessages } from '@camo/shared/generation.schema';
import { limits } from '@camo/shared/limits';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designs } from '../src/platform/db/schema.js';
import { createSubmittedDesign } from './support/community-factory.js';
import { signIn, type Client } from './support/dev-sign-in.js';
import { backends, startTestServer, type TestServer } from './support/test-server.js';

type Reply = { status: number; body: Design & { message?: string } };

/** The design page's owner actions (spec §6 rename, the designer's story), on both databases. */
describe.each(backends)('design page: rename and story (%s)', (backend) => {
  let server: TestServer;
  let owner: Client;
  let other: Client;
  let ownerId: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    owner = await signIn(server.origin, { name: 'Olive Owner', email: 'olive@example.com' });
    other = await signIn(server.origin, { name: 'Otto Other', email: 'otto@example.com' });
    ownerId = (await owner.json<{ id: string }>('/api/me')).body.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const put = (client: Client, path: string, body: unknown): Promise<Reply> =>
    client.json<Design & { message?: string }>(path, { method: 'PUT', body: JSON.stringify(body) });
  const storedName = async (id: string) =>
    (await server.database.db.select({ name: designs.name }).from(designs).where(eq(designs.id, id)))[0]
      ?.name;

  describe('rename', () => {
    it("names a design called 'No Name' or nothing, once", async () => {
      for (const initial of ['No Name', '', '  ']) {
        const id = await createSubmittedDesign(server.database.db, { userId: ownerId, name: initial });
        const renamed = await put(owner, `/api/designs/${id}/name`, { name: '  Cedar   Ghost ' });
        expect(renamed.status).toBe(200);
        expect(renamed.body.name).toBe('Cedar Ghost');
        const again = await put(owner, `/api/designs/${id}/name`, { name: 'Second Try' });
        expect(again).toMatchObject({ status: 409, body: { message: generationMessages.alreadyNamed } });
        expect(await storedName(id)).toBe('Cedar Ghost');
      }
    });

    it('refuses a named design, a blank or too long name, and anyone but the owner', async () => {
      const named = await createSubmittedDesign(server.database.db, { userId: ownerId, name: 'Timber Wolf' });
      expect((await put(owner, `/api/designs/${named}/name`, { name: 'Other' })).status).toBe(409);

      const unnamed = await createSubmittedDesign(server.database.db, { userId: ownerId, name: 'No Name' });
      expect(await put(owner, `/api/designs/${unnamed}/name`, { name: '   ' })).toMatchObject({
        status: 400,
        body: { message: generationMessages.renameEmpty },
      });
      expect(
        (await put(owner, `/api/designs/${unnamed}/name`, { name: 'x'.repeat(limits.designNameMax + 1) }))
          .status,
      ).toBe(400);
      expect((await put(other, `/api/designs/${unnamed}/name`, { name: 'Hijack' })).status).toBe(403);
      expect(await storedName(unnamed)).toBe('No Name');

      const pendingOfOwner = await createSubmittedDesign(server.database.db, {
        userId: ownerId,
        name: '',
        status: 'pending_selection',
      });
      // Someone else's unsubmitted design does not exist for them.
      expect((await put(other, `/api/designs/${pendingOfOwner}/name`, { name: 'Peek' })).status).toBe(404);
    });

    it('of two concurrent renames of an unnamed design exactly one wins', async () => {
      for (let round = 0; round < 5; round++) {
        const id = await createSubmittedDesign(server.database.db, { userId: ownerId, name: 'No Name' });
        const [a, b] = await Promise.all([
          put(owner, `/api/designs/${id}/name`, { name: `Alpha ${round}` }),
          put(owner, `/api/designs/${id}/name`, { name: `Bravo ${round}` }),
        ]);
        const statuses = [a.status, b.status].sort();
        expect(statuses).toEqual([200, 409]);
        const winner = a.status === 200 ? a.body.name : b.body.name;
        expect(await storedName(id)).toBe(winner);
      }
    });
  });

  describe('story', () => {
    it('lets the owner write, rewrite and remove the story, as typed with its line breaks', async () => {
      const id = await createSubmittedDesign(server.database.db, { userId: ownerId });
      const story = 'Made for late-season elk.\n\n<b>Not bold</b> & "quoted"';
      const written = await put(owner, `/api/designs/${id}/story`, { story: `  ${story}  ` });
      expect(written.status).toBe(200);
      expect(written.body.story).toBe(story);
      expect((await other.json<Design>(`/api/designs/${id}`)).body.story).toBe(story);
      const removed = await put(owner, `/api/designs/${id}/story`, { story: '   ' });
      expect(removed.body.story).toBeNull();
    });

    it('refuses other users, too long stories and extra fields', async () => {
      const id = await createSubmittedDesign(server.database.db, { userId: ownerId });
      expect((await put(other, `/api/designs/${id}/story`, { story: 'Mine now' })).status).toBe(403);
      expect(
        await put(owner, `/api/designs/${id}/story`, { story: 'x'.repeat(limits.storyMax + 1) }),
      ).toMatchObject({ status: 400, body: { message: generationMessages.storyTooLong } });
      expect((await put(owner, `/api/designs/${id}/story`, { story: 'ok', userId: 'x' })).status).toBe(400);
    });
  });

  it("lists a designer's drafts to the designer only, with what the create flow resumes from", async () => {
    const draft = await createSubmittedDesign(server.database.db, {
      userId: ownerId,
      status: 'pending_selection',
    });
    type Cards = { designs: { id: string; status: string; environmentPhotoId?: string | null }[] };
    const own = (await owner.json<Cards>(`/api/users/${ownerId}/designs`)).body.designs;
    const card = own.find((d) => d.id === draft);
    expect(card).toMatchObject({ status: 'pending_selection' });
    expect(card).toHaveProperty('environmentPhotoId');
    expect(own.filter((d) => d.status === 'submitted').every((d) => !('environmentPhotoId' in d))).toBe(true);
    const seen = (await other.json<Cards>(`/api/users/${ownerId}/designs`)).body.designs;
    expect(seen.some((d) => d.id === draft)).toBe(false);
  });
});
