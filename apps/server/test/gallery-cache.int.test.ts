import type { GalleryPage } from '@camo/shared/community.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubmittedDesign } from './support/community-factory.js';
import { signIn, type Client } from './support/dev-sign-in.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/** With gallery pages kept in memory (decision 006), what people do through the API shows at once. */
describe('the gallery served from memory', () => {
  let server: TestServer;
  let owner: Client;
  let visitor: Client;
  let ownerId: string;

  beforeAll(async () => {
    server = await startTestServer('pglite', { GALLERY_CACHE_MS: '60000' });
    owner = await signIn(server.origin, { name: 'Cache Owner', email: 'cache-owner@example.com' });
    visitor = await signIn(server.origin, { name: 'Cache Visitor', email: 'cache-visitor@example.com' });
    ownerId = (await owner.json<{ id: string }>('/api/me')).body.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const utah = async (client: Client) =>
    (await client.json<GalleryPage>('/api/gallery?state=UT&sort=votes')).body.designs;

  it('shows a vote and a rename made through the API on the next request', async () => {
    const id = await createSubmittedDesign(server.database.db, {
      userId: ownerId,
      state: 'UT',
      name: 'No Name',
    });
    expect((await utah(visitor)).map((d) => [d.id, d.voteCount, d.hasVoted])).toEqual([[id, 0, false]]);
    // Served from memory now: the same answer without the database.
    expect((await utah(visitor))[0]?.voteCount).toBe(0);

    await visitor.json(`/api/designs/${id}/vote`, { method: 'POST', body: '{}' });
    expect((await utah(visitor)).map((d) => [d.voteCount, d.hasVoted])).toEqual([[1, true]]);
    expect((await utah(owner)).map((d) => [d.voteCount, d.hasVoted])).toEqual([[1, false]]);

    await owner.json(`/api/designs/${id}/name`, {
      method: 'PUT',
      body: JSON.stringify({ name: 'Slickrock' }),
    });
    expect((await utah(visitor))[0]?.name).toBe('Slickrock');
  });
});
