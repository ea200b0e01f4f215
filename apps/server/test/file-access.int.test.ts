import type { Queue } from '@camo/shared/moderation.schema';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Bucket } from './support/s3-bucket.js';
import { FILE_ACCESS_CACHE_MS } from '../src/files/files.service.js';
import { designs, environmentPhotos, users } from '../src/platform/db/schema.js';
import { storageKeys } from '../src/platform/storage.js';
import { createClient, signIn, type Client } from './support/dev-sign-in.js';
import { keysOfPhoto } from './support/stored-keys.js';
import { backends, startTestServer, type TestServer } from './support/test-server.js';

/**
 * A design as the create flow leaves it, with every kind of file it can have in the store:
 * the photo row, the design row pointing at it, and the bytes under the keys storage.ts makes.
 */
async function designWithFiles(
  server: TestServer,
  userId: string,
  status: 'submitted' | 'pending_selection' = 'submitted',
): Promise<{ designId: string; photoId: string; keys: string[]; bytes: Map<string, Buffer> }> {
  const photoId = randomUUID();
  const designId = randomUUID();
  const at = new Date();
  const { env, a, b, editedA: edited, all: keys } = keysOfPhoto(at, userId, photoId);
  await server.database.db.insert(environmentPhotos).values({
    id: photoId,
    userId,
    state: 'TX',
    description: 'Oak and pine woods with leaf litter',
    status: 'completed',
    storageKey: env,
    photoUrl: env,
    designAStorageUrl: a,
    designBStorageUrl: b,
    designDocId: designId,
    idempotencyKey: randomUUID(),
  });
  const submitted = status === 'submitted';
  await server.database.db.insert(designs).values({
    id: designId,
    userId,
    name: 'Creek Bottom',
    environmentDescription: 'Oak and pine woods with leaf litter',
    environmentPhotoId: photoId,
    environmentPhotoUrl: env,
    state: 'TX',
    status,
    selectedVariant: 'A',
    designAUrl: a,
    designBUrl: b,
    designAThumbnailUrl: storageKeys.thumbnail(a),
    designBThumbnailUrl: storageKeys.thumbnail(b),
    hasEdits: true,
    finalDesignChoice: 'edited',
    editedImageUrl: edited,
    editedThumbnailUrl: storageKeys.thumbnail(edited),
    imageUrl: submitted ? edited : null,
    thumbnailUrl: submitted ? storageKeys.thumbnail(edited) : null,
    displayUrl: submitted ? storageKeys.displayVersion(edited) : null,
    submittedAt: submitted ? at : null,
  });
  const bytes = new Map<string, Buffer>();
  for (const key of keys) {
    const content = Buffer.from(`bytes of ${key}`);
    bytes.set(key, content);
    await server.storage.put(key, content);
  }
  return { designId, photoId, keys, bytes };
}

/**
 * Issue 30 item 5: nothing visible after it is hidden. Every file of a design (its environment
 * photo, A and B, the edited version, thumbnails, display WebPs and print exports) is served
 * only to whoever may see the design now. Refused and missing files get the same 404 (it
 * reveals least: "no such file"), and nothing a moderator can hide is cached past its next use.
 */
describe.each(backends)('stored files through a check of who may see them (%s)', (backend) => {
  let server: TestServer;
  let anonymous: Client;
  let moderator: Client;
  let alice: Client;
  let bob: Client;
  let aliceId: string;

  beforeAll(async () => {
    server = await startTestServer(backend, { ADMIN_EMAILS: 'mod@example.com' });
    anonymous = createClient(server.origin);
    moderator = await signIn(server.origin, { name: 'Morgan Mod', email: 'mod@example.com' });
    alice = await signIn(server.origin, { name: 'Alice Archer', email: 'alice@example.com' });
    bob = await signIn(server.origin, { name: 'Bob Bowman', email: 'bob@example.com' });
    aliceId = (await alice.json<{ id: string }>('/api/me')).body.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.database.db;
  const post = (client: Client, path: string, body: unknown = { reason: 'Testing the files' }) =>
    client.json(path, { method: 'POST', body: JSON.stringify(body) });

  const get = (client: Client, key: string, headers: Record<string, string> = {}) =>
    client.fetch(`/files/${key}`, { headers });

  /** Each key's status for this client, as `key: status`, so a failure names the file. */
  async function statuses(client: Client, keys: string[]): Promise<string[]> {
    const out: string[] = [];
    for (const key of keys) {
      const response = await get(client, key);
      await response.arrayBuffer();
      out.push(`${key}: ${response.status}`);
    }
    return out;
  }
  const all = (keys: string[], status: number) => keys.map((key) => `${key}: ${status}`);

  it("serves a submitted design's every file to anybody, asked again before each use, never immutable", async () => {
    const { keys, bytes } = await designWithFiles(server, aliceId);
    for (const key of keys) {
      const response = await get(anonymous, key);
      expect(response.status, key).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes.get(key)!), key).toBe(true);
      expect(response.headers.get('content-type'), key).toBe(
        key.endsWith('.webp') ? 'image/webp' : 'image/png',
      );
      expect(response.headers.get('cache-control'), key).toBe('public, no-cache');
      expect(response.headers.get('x-content-type-options'), key).toBe('nosniff');
      const etag = response.headers.get('etag');
      expect(etag, key).toBeTruthy();
      // Revalidation is cheap: the same ETag answers 304 with no body.
      const again = await get(anonymous, key, { 'if-none-match': etag! });
      expect(again.status, key).toBe(304);
      expect((await again.arrayBuffer()).byteLength).toBe(0);
    }
    expect(await statuses(bob, keys)).toEqual(all(keys, 200));
  });

  it('stops every file of a hidden design at once, anonymously and for another person; a restore serves them again', async () => {
    const { designId, keys } = await designWithFiles(server, aliceId);
    // Seen (and so kept in the process's cache) before the moderator acts.
    const before = await get(anonymous, keys[2]!);
    const etag = before.headers.get('etag')!;
    expect(before.status).toBe(200);
    await before.arrayBuffer();

    expect((await post(moderator, `/api/admin/designs/${designId}/hide`)).status).toBe(204);
    expect(await statuses(anonymous, keys)).toEqual(all(keys, 404));
    expect(await statuses(bob, keys)).toEqual(all(keys, 404));
    // A browser holding the old copy asks again and is refused, not told to keep it.
    const revalidated = await get(anonymous, keys[2]!, { 'if-none-match': etag });
    expect(revalidated.status).toBe(404);
    expect(revalidated.headers.get('cache-control')).toBe('no-store');
    // The same 404 as a file that was never there.
    const missing = await get(anonymous, storageKeys.generatedDesign(new Date(), randomUUID(), 'a'));
    expect(await revalidated.json()).toEqual(await missing.json());
    expect(missing.status).toBe(404);

    // Its owner still sees it (its page shows it with the reason), privately.
    for (const key of keys) {
      const response = await get(alice, key);
      expect(response.status, key).toBe(200);
      expect(response.headers.get('cache-control'), key).toBe('private, no-cache');
      await response.arrayBuffer();
    }
    // Moderators decide on its restore, and see it.
    expect(await statuses(moderator, keys)).toEqual(all(keys, 200));

    expect((await post(moderator, `/api/admin/designs/${designId}/restore`)).status).toBe(204);
    expect(await statuses(anonymous, keys)).toEqual(all(keys, 200));
    expect(await statuses(bob, keys)).toEqual(all(keys, 200));
  });

  it("shows a reported design's thumbnail to moderators in the queue while it is hidden", async () => {
    const { designId } = await designWithFiles(server, aliceId);
    expect(
      (await post(bob, '/api/reports', { targetType: 'design', targetId: designId, reason: 'spam' })).status,
    ).toBe(204);
    const thumbnailOf = async () =>
      (await moderator.json<Queue>('/api/admin/reports')).body.items.find((i) => i.targetId === designId)
        ?.imageUrl;
    const url = await thumbnailOf();
    expect(url).toMatch(/^\/files\/ai_gen\/.*_thumb\.webp$/);
    expect((await moderator.fetch(url!)).status).toBe(200);
    expect((await anonymous.fetch(url!)).status).toBe(200);
    expect((await post(moderator, `/api/admin/designs/${designId}/hide`)).status).toBe(204);
    expect((await moderator.fetch(url!)).status).toBe(200);
    expect((await anonymous.fetch(url!)).status).toBe(404);
    expect((await bob.fetch(url!)).status).toBe(404);
  });

  it("keeps a draft's files and a photo with no design yet to their owner (not moderators)", async () => {
    const draft = await designWithFiles(server, aliceId, 'pending_selection');
    expect(await statuses(anonymous, draft.keys)).toEqual(all(draft.keys, 404));
    expect(await statuses(bob, draft.keys)).toEqual(all(draft.keys, 404));
    expect(await statuses(moderator, draft.keys)).toEqual(all(draft.keys, 404));
    expect(await statuses(alice, draft.keys)).toEqual(all(draft.keys, 200));
    expect((await get(alice, draft.keys[0]!)).headers.get('cache-control')).toBe('private, no-cache');

    // The design row gone (a photo whose generation failed has none): the photo's owner only.
    await db().delete(designs).where(eq(designs.id, draft.designId));
    expect(await statuses(bob, draft.keys)).toEqual(all(draft.keys, 404));
    expect(await statuses(alice, draft.keys.slice(0, 2))).toEqual(all(draft.keys.slice(0, 2), 200));
  });

  it('stops the files of a removed design and of a deleted account', async () => {
    const removed = await designWithFiles(server, aliceId);
    expect(await statuses(anonymous, removed.keys)).toEqual(all(removed.keys, 200));
    await db().delete(designs).where(eq(designs.id, removed.designId));
    // Cached as public a moment ago in this process; a removal is not a moderator's action here,
    // so it holds within the cache's stated lifetime.
    await expectRefusedWithin(anonymous, removed.keys[2]!);
    expect(await statuses(bob, removed.keys)).toEqual(all(removed.keys, 404));

    const leaver = await signIn(server.origin, { name: 'Lee Leaver', email: 'leaver@example.com' });
    const leaverId = (await leaver.json<{ id: string }>('/api/me')).body.id;
    const theirs = await designWithFiles(server, leaverId);
    expect(await statuses(anonymous, theirs.keys)).toEqual(all(theirs.keys, 200));
    await db().delete(users).where(eq(users.id, leaverId));
    await expectRefusedWithin(anonymous, theirs.keys[2]!);
    expect(await statuses(anonymous, theirs.keys)).toEqual(all(theirs.keys, 404));
    expect(await statuses(leaver, theirs.keys)).toEqual(all(theirs.keys, 404));
  });

  it("treats a blocked person's content as the product shows it: up until hidden, then gone", async () => {
    const spammer = await signIn(server.origin, { name: 'Spammy Visitor', email: 'spammy@example.com' });
    const spammerId = (await spammer.json<{ id: string }>('/api/me')).body.id;
    const shown = await designWithFiles(server, spammerId);
    const draft = await designWithFiles(server, spammerId, 'pending_selection');
    expect((await post(moderator, `/api/admin/users/${spammerId}/block`)).status).toBe(204);

    // A block stops writing, not reading (decision 012): the submitted design's page is still
    // up, so are its files, exactly as far as its page is.
    expect((await bob.json(`/api/designs/${shown.designId}`)).status).toBe(200);
    expect(await statuses(bob, shown.keys)).toEqual(all(shown.keys, 200));
    expect((await bob.json(`/api/designs/${draft.designId}`)).status).toBe(404);
    expect(await statuses(bob, draft.keys)).toEqual(all(draft.keys, 404));
    expect(await statuses(anonymous, draft.keys)).toEqual(all(draft.keys, 404));

    // What the moderator then hides is gone for everyone but its (blocked, still reading) owner.
    expect((await post(moderator, `/api/admin/designs/${shown.designId}/hide`)).status).toBe(204);
    expect((await bob.json(`/api/designs/${shown.designId}`)).status).toBe(404);
    expect(await statuses(bob, shown.keys)).toEqual(all(shown.keys, 404));
    expect(await statuses(anonymous, shown.keys)).toEqual(all(shown.keys, 404));
    expect(await statuses(spammer, shown.keys)).toEqual(all(shown.keys, 200));
  });

  it('serves nothing else in the store: previews, old game pictures, other names, paths that climb', async () => {
    const { photoId } = await designWithFiles(server, aliceId);
    const others = [
      `previews/blend_${photoId.replace(/-/g, '').slice(-24)}.jpg`,
      `hunt/${randomUUID()}.jpg`,
      `ai_gen/2025/01/web-test.png`,
      `ai_gen/2025/01/camo_design_${photoId}_c.png`,
      `environment_photos/2025/01/${photoId}.png`,
    ];
    for (const key of others) await server.storage.put(key, Buffer.from('stored, not served'));
    expect(await statuses(anonymous, others)).toEqual(all(others, 404));
    expect(await statuses(alice, others)).toEqual(all(others, 404));
    const climbing = await fetch(`${server.origin}/files/ai_gen%2f..%2f..%2fdb%2fPG_VERSION`);
    expect(climbing.status).toBe(404);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const { keys, bytes } = await designWithFiles(server, aliceId);
    const head = await anonymous.fetch(`/files/${keys[3]!}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.get(keys[3]!)!.length));
    expect(head.headers.get('cache-control')).toBe('public, no-cache');
  });

  /**
   * A change this process did not make (another API process's, or a row deleted by hand) is
   * honoured within the cache's lifetime (FILE_ACCESS_CACHE_MS).
   */
  async function expectRefusedWithin(client: Client, key: string): Promise<void> {
    const deadline = Date.now() + FILE_ACCESS_CACHE_MS + 2_000;
    for (;;) {
      const response = await get(client, key);
      await response.arrayBuffer();
      if (response.status === 404) return;
      if (Date.now() > deadline) throw new Error(`${key} still served after the cache's lifetime`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
});

/**
 * With S3 the files are read from the bucket by the app, through the same check: the API hands
 * out /files/ addresses, never the bucket's, so a hidden design's files stop there too.
 */
describe('stored files on S3 through the same check (s3rver on 127.0.0.1)', () => {
  let bucket: Awaited<ReturnType<typeof startS3Bucket>>;
  let server: TestServer;
  let moderator: Client;
  let alice: Client;
  let bob: Client;
  let aliceId: string;

  beforeAll(async () => {
    bucket = await startS3Bucket('camo-files');
    server = await startTestServer('pglite', { ADMIN_EMAILS: 'mod@example.com', ...bucket.env });
    moderator = await signIn(server.origin, { name: 'Morgan Mod', email: 'mod@example.com' });
    alice = await signIn(server.origin, { name: 'Alice Archer', email: 'alice@example.com' });
    bob = await signIn(server.origin, { name: 'Bob Bowman', email: 'bob@example.com' });
    aliceId = (await alice.json<{ id: string }>('/api/me')).body.id;
  });
  afterAll(async () => {
    await server?.close();
    await bucket?.close();
  });

  it("hands out /files/ addresses and serves, revalidates, refuses and restores a design's files", async () => {
    const anonymous = createClient(server.origin);
    const { designId, keys, bytes } = await designWithFiles(server, aliceId);
    const shown = await bob.json<Record<string, string | null>>(`/api/designs/${designId}`);
    for (const field of ['imageUrl', 'thumbnailUrl', 'displayUrl', 'environmentPhotoUrl'])
      expect(shown.body[field], field).toMatch(/^\/files\/(ai_gen|environment_photos)\//);

    for (const key of keys) {
      const response = await anonymous.fetch(`/files/${key}`);
      expect(response.status, key).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes.get(key)!), key).toBe(true);
      expect(response.headers.get('cache-control'), key).toBe('public, no-cache');
      const etag = response.headers.get('etag')!;
      expect(etag, key).toBeTruthy();
      const again = await anonymous.fetch(`/files/${key}`, { headers: { 'if-none-match': etag } });
      expect(again.status, key).toBe(304);
    }
    // A key with nothing in the bucket is the same 404 as a refused one, not a failure.
    const missing = await anonymous.fetch(
      `/files/${storageKeys.generatedDesign(new Date(), randomUUID(), 'b')}`,
    );
    expect(missing.status).toBe(404);

    const act = (action: string) =>
      moderator.json(`/api/admin/designs/${designId}/${action}`, {
        method: 'POST',
        body: JSON.stringify({ reason: 'Testing the files' }),
      });
    expect((await act('hide')).status).toBe(204);
    for (const key of keys) {
      expect((await anonymous.fetch(`/files/${key}`)).status, key).toBe(404);
      expect((await bob.fetch(`/files/${key}`)).status, key).toBe(404);
      const own = await alice.fetch(`/files/${key}`);
      expect(own.status, key).toBe(200);
      expect(own.headers.get('cache-control'), key).toBe('private, no-cache');
      await own.arrayBuffer();
    }
    expect((await act('restore')).status).toBe(204);
    for (const key of keys) {
      const response = await anonymous.fetch(`/files/${key}`);
      expect(response.status, key).toBe(200);
      await response.arrayBuffer();
    }
  });
});
