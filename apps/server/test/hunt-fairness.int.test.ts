import {
  HUNT_MAX_MISSES,
  type HuntHiddenResult,
  type HuntRound,
  type HuntTapResult,
} from '@camo/shared/hunt.schema';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Bucket } from './support/s3-bucket.js';
import { createHuntRepository } from '../src/hunt/hunt.repository.js';
import { huntRoundImages, huntRounds, users } from '../src/platform/db/schema.js';
import { createSubmittedDesign } from './support/community-factory.js';
import { signIn, type Client } from './support/dev-sign-in.js';
import { forestJpeg } from './support/photos.js';
import {
  backends,
  startTestServer,
  testClock,
  type Backend,
  type TestServer,
} from './support/test-server.js';

/**
 * Issue 27 item 6, a game that cannot be bent: a round's picture reaches its player through the
 * round once and from no other address; taps sprayed over the picture run out of misses before
 * they find anything; a round whose tab was hidden counts nowhere.
 */

/** A small camouflage-like tile. */
async function designPng(): Promise<Buffer> {
  const size = 96;
  const data = Buffer.alloc(size * size * 3);
  for (let i = 0; i < size * size; i++)
    data.set(Math.sin(i * 0.05) > 0 ? [84, 92, 60] : [120, 104, 76], i * 3);
  return sharp(data, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

/** A designer with one submitted design, on the test server's own database and store. */
async function seedDesign(server: TestServer): Promise<string> {
  const designer = await signIn(server.origin, { name: 'Fair Hider', email: 'fair-hider@example.com' });
  const userId = (await designer.json<{ id: string }>('/api/me')).body.id;
  const photoKey = `environment_photos/2026/01/${userId}_fair_env.png`;
  const designKey = 'ai_gen/2026/01/camo_design_fair_a.png';
  await server.storage.put(photoKey, forestJpeg());
  await server.storage.put(designKey, await designPng());
  return createSubmittedDesign(server.database.db, {
    userId,
    state: 'TX',
    designAUrl: designKey,
    environmentPhotoUrl: photoKey,
  });
}

let players = 0;
/**
 * A player who has not had the design yet (each gets a design once), with an account past the age
 * gate, so their rounds count (decision 026).
 */
async function newPlayer(server: TestServer): Promise<{ client: Client; id: string }> {
  players++;
  const client = await signIn(server.origin, {
    name: `Fair Seeker ${players}`,
    email: `seeker-${players}@example.com`,
  });
  const id = (await client.json<{ id: string }>('/api/me')).body.id;
  await server.database.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 48 * 3_600_000) })
    .where(eq(users.id, id));
  return { client, id };
}

const post = <T>(client: Client, url: string, body: unknown = {}) =>
  client.json<T>(url, { method: 'POST', body: JSON.stringify(body) });

/** Every key the file store holds under a prefix. */
async function keysUnder(server: TestServer, prefix: string): Promise<string[]> {
  const { objects } = await server.storage.listAll(prefix, { recursive: true });
  return [...objects].filter((o) => o.isFile).map((o) => o.key);
}

/** The picture reaches the player through the round only, once, and never from the file store. */
async function expectServedOnceOnly(server: TestServer, player: Client, round: HuntRound, publicUrl: string) {
  // Before the clock starts: nothing in the store, nothing at the address the store publishes.
  expect(await keysUnder(server, 'hunt/')).toEqual([]);
  expect((await player.fetch(publicUrl)).status).toBe(404);

  const image = await player.fetch(round.imageUrl);
  expect(image.status).toBe(200);
  expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format).toBe('jpeg');
  expect((await player.fetch(round.imageUrl)).status).toBe(409);
  // After: the picture is gone from the database too, and still at no address.
  const rows = await server.database.db
    .select({ id: huntRoundImages.roundId })
    .from(huntRoundImages)
    .where(eq(huntRoundImages.roundId, round.roundId));
  expect(rows).toEqual([]);
  expect((await player.fetch(publicUrl)).status).toBe(404);
  expect(await keysUnder(server, 'hunt/')).toEqual([]);
}

describe.each(backends)('a game that cannot be bent (%s)', (backend: Backend) => {
  let server: TestServer;
  const clock = testClock();
  let designId: string;

  beforeAll(async () => {
    server = await startTestServer(backend, {}, { now: clock.now });
    designId = await seedDesign(server);
    // A picture an earlier version left in the public store (expired rounds' never went away).
    await server.storage.put('hunt/00000000-0000-4000-8000-000000000000.jpg', forestJpeg());
  }, 120_000);
  afterAll(async () => server?.close());

  it('serves a round’s picture only through the round, once; /files serves nothing under hunt/', async () => {
    const leftover = `${server.origin}/files/hunt/00000000-0000-4000-8000-000000000000.jpg`;
    const { client } = await newPlayer(server);
    // Refused at /files even while the file is still there.
    expect(await server.storage.exists('hunt/00000000-0000-4000-8000-000000000000.jpg')).toBe(true);
    expect((await client.fetch(leftover)).status).toBe(404);

    const started = await post<HuntRound>(client, '/api/hunt/rounds');
    expect(started.status).toBe(201);
    // The first round of the process swept the leftovers away.
    expect(await server.storage.exists('hunt/00000000-0000-4000-8000-000000000000.jpg')).toBe(false);
    await expectServedOnceOnly(server, client, started.body, `/files/hunt/${started.body.roundId}.jpg`);
  }, 60_000);

  it('ends a round as not found at its last allowed miss, so sprayed taps cannot find the target', async () => {
    const { client, id } = await newPlayer(server);
    const started = await post<HuntRound>(client, '/api/hunt/rounds');
    const taps = `/api/hunt/rounds/${started.body.roundId}/taps`;
    await client.fetch(started.body.imageUrl);
    clock.advance(1_000);
    // Along the top edge: targets stand in the lower two thirds.
    const replies: HuntTapResult[] = [];
    for (let i = 0; i < HUNT_MAX_MISSES; i++)
      replies.push((await post<HuntTapResult>(client, taps, { x: (i * started.body.width) / 4, y: 2 })).body);
    expect(replies.slice(0, -1)).toEqual(
      Array.from({ length: HUNT_MAX_MISSES - 1 }, (_, i) => ({
        result: 'miss',
        misses: i + 1,
        missesLeft: HUNT_MAX_MISSES - i - 1,
      })),
    );
    const last = replies.at(-1)!;
    expect(last.result).toBe('out_of_misses');
    if (last.result !== 'out_of_misses') return;
    expect(last.misses).toBe(HUNT_MAX_MISSES);
    expect(last.reveal.design.id).toBe(designId);

    // The next tap, right on the target, finds nothing: the round is over.
    const [row] = await server.database.db
      .select()
      .from(huntRounds)
      .where(eq(huntRounds.id, started.body.roundId));
    expect(row).toMatchObject({ status: 'out_of_misses', misses: HUNT_MAX_MISSES });
    // Censored at the last miss: hidden at least this long.
    expect(row!.elapsedMs).toBeGreaterThanOrEqual(1_000);
    expect(row!.elapsedMs).toBeLessThan(10_000);
    expect((await post(client, taps, { x: row!.x, y: row!.y })).status).toBe(409);

    // It counts as a round not found: for the design (censored when it ended) and the player.
    const concealment = await client.json<{ rounds: number; found: number }>(`/api/designs/${designId}/hunt`);
    expect(concealment.body).toMatchObject({ rounds: 1, found: 0 });
    const record = await client.json<{ rounds: number; found: number }>(`/api/users/${id}/hunt`);
    expect(record.body).toMatchObject({ rounds: 1, found: 0 });
  }, 60_000);

  it('makes a round void when its tab was hidden: it counts nowhere', async () => {
    const { client, id } = await newPlayer(server);
    const before = await client.json<{ rounds: number }>(`/api/designs/${designId}/hunt`);
    const started = await post<HuntRound>(client, '/api/hunt/rounds');
    const round = `/api/hunt/rounds/${started.body.roundId}`;
    await client.fetch(started.body.imageUrl);
    clock.advance(2_000);
    expect((await post<HuntTapResult>(client, `${round}/taps`, { x: 1, y: 1 })).body.result).toBe('miss');

    const hidden = await post<HuntHiddenResult>(client, `${round}/hidden`);
    expect(hidden.status).toBe(200);
    expect(hidden.body.result).toBe('void');
    expect(hidden.body.reveal?.design.id).toBe(designId);
    // Over: no tap, no time-out, no second report.
    const [row] = await server.database.db
      .select()
      .from(huntRounds)
      .where(eq(huntRounds.id, started.body.roundId));
    expect((await post(client, `${round}/taps`, { x: row!.x, y: row!.y })).status).toBe(409);
    expect((await post(client, `${round}/hidden`)).status).toBe(409);
    expect(row!.status).toBe('void');

    // Not in the design's score, the player's record, the weekly board's rounds.
    const after = await client.json<{ rounds: number }>(`/api/designs/${designId}/hunt`);
    expect(after.body.rounds).toBe(before.body.rounds);
    const record = await client.json<{ rounds: number }>(`/api/users/${id}/hunt`);
    expect(record.body.rounds).toBe(0);
    const week = await createHuntRepository(server.database.db).answeredSince(new Date(0));
    expect(week.filter((r) => r.playerId === id)).toEqual([]);
  }, 60_000);

  it('refuses a report on someone else’s round, and voids a round hidden before its picture came', async () => {
    const first = await newPlayer(server);
    const second = await newPlayer(server);
    const started = await post<HuntRound>(first.client, '/api/hunt/rounds');
    const round = `/api/hunt/rounds/${started.body.roundId}`;
    expect((await post(second.client, `${round}/hidden`)).status).toBe(404);
    // Voided before its clock started, it says nothing of its design (a player could otherwise skip
    // rounds until a design they chose came up).
    const voided = await post<HuntHiddenResult>(first.client, `${round}/hidden`);
    expect(voided.body).toEqual({ result: 'void', reveal: null });
    // Its picture is gone unserved.
    expect((await first.client.fetch(started.body.imageUrl)).status).toBe(409);
    const rows = await server.database.db
      .select()
      .from(huntRoundImages)
      .where(eq(huntRoundImages.roundId, started.body.roundId));
    expect(rows).toEqual([]);
  }, 60_000);
});

describe('a game that cannot be bent, with the files in an S3 bucket (s3rver on 127.0.0.1)', () => {
  let bucket: Awaited<ReturnType<typeof startS3Bucket>>;
  let server: TestServer;

  beforeAll(async () => {
    bucket = await startS3Bucket('camo-hunt');
    server = await startTestServer('pglite', bucket.env);
    await seedDesign(server);
    await server.storage.put('hunt/00000000-0000-4000-8000-000000000000.jpg', forestJpeg());
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await bucket?.close();
  });

  it('puts no round picture in the bucket, whose objects anyone can fetch, and sweeps old ones out', async () => {
    const { client } = await newPlayer(server);
    const started = await post<HuntRound>(client, '/api/hunt/rounds');
    expect(started.status).toBe(201);
    expect(await keysUnder(server, 'hunt/')).toEqual([]);
    await expectServedOnceOnly(
      server,
      client,
      started.body,
      `${server.config.s3!.endpoint}/camo-hunt/hunt/${started.body.roundId}.jpg`,
    );
  }, 60_000);
});
