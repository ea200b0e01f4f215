import { breedingMessages, type BredDesignPage, type GroundPage } from '@camo/shared/breeding.schema';
import type { HuntNothingToPlay, HuntRound, HuntTapResult } from '@camo/shared/hunt.schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawGeneration } from '../src/breeding/breeding-draw.js';
import { createBreedingRepository } from '../src/breeding/breeding.repository.js';
import { bredDesigns, breedingMembers, huntRounds, users } from '../src/platform/db/schema.js';
import { createSubmittedDesign } from './support/community-factory.js';
import { signIn, type Client } from './support/dev-sign-in.js';
import { forestJpeg } from './support/photos.js';
import { backends, startTestServer, testClock, type TestServer } from './support/test-server.js';

/**
 * Breeding grounds through the API (issue 44, decision 038): a ground started from a gallery
 * design's photo, its generation judged by the game's rounds and turned over by its job, its
 * pages, and what no player can bend.
 */
describe.each(backends)('breeding grounds (%s)', (backend) => {
  let server: TestServer;
  const clock = testClock();
  let alice: Client;
  let bob: Client;
  let carol: Client;
  let designId: string;
  let groundId: string;
  let firstControls: string[] = [];

  const post = <T>(client: Client, path: string, body: unknown = {}) =>
    client.json<T>(path, { method: 'POST', body: JSON.stringify(body) });
  const page = async (client: Client = alice) =>
    (await client.json<GroundPage>(`/api/breeding/grounds/${groundId}`)).body;
  const until = async (check: (p: GroundPage) => boolean, ms = 90_000) => {
    const end = Date.now() + ms;
    for (;;) {
      const p = await page();
      if (check(p)) return p;
      if (Date.now() > end) throw new Error(`the ground never got there: ${p.status} ${p.generation}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  /** One round of this ground, found after three seconds: the bred design it was. */
  const playFound = async (client: Client) => {
    const started = await post<HuntRound | HuntNothingToPlay>(client, '/api/hunt/rounds', { groundId });
    if (started.status !== 201) return null;
    const { roundId, imageUrl } = started.body as HuntRound;
    expect((await client.fetch(imageUrl)).status).toBe(200);
    clock.advance(3_000);
    const [row] = await server.database.db.select().from(huntRounds).where(eq(huntRounds.id, roundId));
    const hit = await post<HuntTapResult>(client, `/api/hunt/rounds/${roundId}/taps`, {
      x: row!.x,
      y: row!.y,
    });
    expect(hit.body.result).toBe('found');
    return { row: row!, reveal: hit.body.result === 'found' ? hit.body.reveal : null };
  };

  beforeAll(async () => {
    server = await startTestServer(
      backend,
      { BREEDING_POPULATION: '3', BREEDING_JUDGES: '2', BREEDING_GROUNDS_PER_DAY: '2' },
      { now: clock.now },
    );
    alice = await signIn(server.origin, { name: 'Alice Starter', email: 'alice-breed@example.com' });
    bob = await signIn(server.origin, { name: 'Bob Seeker', email: 'bob-breed@example.com' });
    carol = await signIn(server.origin, { name: 'Carol New', email: 'carol-breed@example.com' });
    const ids = await Promise.all(
      [alice, bob].map(async (c) => (await c.json<{ id: string }>('/api/me')).body.id),
    );
    // Alice and Bob past the contest's age gate; Carol's account is new, and her rounds count nowhere.
    await server.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 48 * 3_600_000) })
      .where(inArray(users.id, ids));
    const photoKey = `environment_photos/2026/01/${ids[0]}_breed_env.png`;
    await server.storage.put(photoKey, forestJpeg());
    designId = await createSubmittedDesign(server.database.db, {
      userId: ids[0]!,
      state: 'OR',
      environmentPhotoUrl: photoKey,
    });
  }, 120_000);
  afterAll(async () => server?.close());

  it('refuses a ground it cannot start, with a clear message', async () => {
    const noAgreement = await post<{ message: string }>(alice, '/api/breeding/grounds', {
      source: 'ground',
      photoId: crypto.randomUUID(),
      variant: 'A',
      state: 'OR',
      description: 'Wet fir forest',
    });
    expect(noAgreement.status).toBe(400);
    expect(noAgreement.body.message).toBe(breedingMessages.needsAgreement);
    const someoneElses = await post<{ message: string }>(alice, '/api/breeding/grounds', {
      source: 'ground',
      photoId: crypto.randomUUID(),
      variant: 'A',
      state: 'OR',
      description: 'Wet fir forest',
      agree: true,
    });
    expect(someoneElses).toMatchObject({ status: 404, body: { message: breedingMessages.photoNotFound } });
    const unknown = await post(alice, '/api/breeding/grounds', {
      source: 'design',
      designId: crypto.randomUUID(),
      variant: 'A',
    });
    expect(unknown.status).toBe(404);
    const signedOut = await fetch(`${server.origin}/api/breeding/grounds`);
    expect(signedOut.status).toBe(401);
  });

  it("starts from a gallery design's photo and draws its first generation by a job", async () => {
    const started = await post<{ id: string }>(alice, '/api/breeding/grounds', {
      source: 'design',
      designId,
      variant: 'A',
    });
    expect(started.status).toBe(201);
    groundId = started.body.id;
    const first = await until((p) => p.status === 'judging');
    expect(first.settings).toEqual({ population: 3, judges: 2, controls: 2 });
    expect(first.current.map((d) => [d.kind, d.line, d.players])).toEqual([
      ['founder', 'bred', 0],
      ['founder', 'bred', 0],
      ['founder', 'bred', 0],
      ['control', 'control', 0],
      ['control', 'control', 0],
    ]);
    expect(first.lines).toHaveLength(1);
    firstControls = first.current.filter((d) => d.kind === 'control').map((d) => d.id);
    expect(first.claim.beats).toBe(false);
    expect(first.viewerHasRounds).toBe(true);
    const photo = await alice.fetch(first.photoUrl);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    const image = await alice.fetch(first.current[0]!.imageUrl);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(
      (await alice.json<{ grounds: { id: string }[] }>('/api/breeding/grounds')).body.grounds[0]!.id,
    ).toBe(groundId);
  }, 120_000);

  it('serves each player every design of the generation once, chosen by the server, never twice', async () => {
    const seen = new Set<string>();
    for (let k = 0; k < 5; k++) {
      const played = await playFound(bob);
      expect(played).not.toBeNull();
      expect(played!.row.generation).toBe(0);
      expect(played!.row.designId).toBeNull();
      // A design the player names is not a design they get: the body has no such field to obey.
      seen.add(played!.row.bredDesignId!);
      expect(played!.reveal!.design.groundId).toBe(groundId);
      expect(played!.reveal!.design.name).toMatch(/^Generation 0 · No\. \d$/);
    }
    expect(seen.size).toBe(5);
    const none = await post<HuntNothingToPlay>(bob, '/api/hunt/rounds', { groundId });
    expect(none).toMatchObject({
      status: 200,
      body: { round: null, message: breedingMessages.noRoundsLeft },
    });
    expect((await page(bob)).viewerHasRounds).toBe(false);
    // A second round of one design in one generation cannot be made for the same player.
    const [one] = await server.database.db
      .select()
      .from(huntRounds)
      .where(eq(huntRounds.playerId, (await bob.json<{ id: string }>('/api/me')).body.id));
    await expect(
      server.database.db.insert(huntRounds).values({ ...one!, id: crypto.randomUUID() }),
    ).rejects.toThrow();
    // One player judged each design: not yet judged (two must).
    expect((await page()).current.every((d) => d.players === 1 && !d.judged)).toBe(true);
  }, 120_000);

  it('counts no round of an account younger than the age gate', async () => {
    for (let k = 0; k < 5; k++) expect(await playFound(carol)).not.toBeNull();
    const p = await page();
    expect(p.current.every((d) => d.players === 1 && !d.judged)).toBe(true);
    expect(p.generation).toBe(0);
  }, 120_000);

  it('turns the generation over once every design is judged: survivors judged again beside their children and fresh controls', async () => {
    for (let k = 0; k < 5; k++) expect(await playFound(alice)).not.toBeNull();
    const second = await until((p) => p.generation === 1 && p.status === 'judging');
    expect(second.lines).toHaveLength(2);
    const survivors = second.lines[0]!.survivors;
    expect(survivors).toHaveLength(2);
    const kinds = second.current.map((d) => d.kind).sort();
    expect(kinds).toEqual(['child', 'control', 'control', 'control', 'founder', 'founder']);
    // The best fresh design of generation 0, carried to be judged again: the control line of
    // generation 1, which generation 0 has none of.
    const carried = second.current.filter((d) => d.kind === 'control' && d.born === 0);
    expect(carried).toHaveLength(1);
    expect(firstControls).toContain(carried[0]!.id);
    expect(second.lines[0]!.control).toBeNull();
    expect(second.lines[1]!.control).toMatchObject({ medianMs: null });
    expect(
      second.current
        .filter((d) => d.kind === 'founder')
        .map((d) => d.id)
        .sort(),
    ).toEqual([...survivors].sort());
    // Judged again: no old times.
    expect(second.current.every((d) => d.players === 0)).toBe(true);
    expect(second.lines[0]!.bred.medianMs).not.toBeNull();

    const child = second.current.find((d) => d.kind === 'child')!;
    const lineage = (await alice.json<BredDesignPage>(`/api/breeding/designs/${child.id}`)).body;
    expect(lineage.parents.sort()).toEqual([...survivors].sort());
    expect(lineage.lineage.map((d) => d.id).sort()).toEqual([child.id, ...survivors].sort());
    expect(lineage.ground.starterName).toBe('Alice Starter');
    expect(lineage.label).toBe('Generation 1 · No. 1');
    const founder = (await alice.json<BredDesignPage>(`/api/breeding/designs/${survivors[0]}`)).body;
    expect(founder.judgedIn).toEqual([0, 1]);
    // Each design carries the predictor's figures in the ground's photo (every eye), and the page
    // counts the judged pairs it ordered as the game did.
    const stored = await server.database.db
      .select({ prediction: bredDesigns.prediction })
      .from(bredDesigns)
      .where(eq(bredDesigns.groundId, groundId));
    expect(stored.map((d) => d.prediction?.length)).toEqual(stored.map(() => 8));
    expect(second.agreement.pairs).toBeLessThanOrEqual(10);
    expect(second.agreement.agreeing).toBeLessThanOrEqual(second.agreement.pairs);
  }, 180_000);

  it('takes a bred design into the gallery once, as design A of a photo of its own, credited to its lineage', async () => {
    const { body: ground } = await alice.json<GroundPage>(`/api/breeding/grounds/${groundId}`);
    const child = ground.current.find((d) => d.kind === 'child')!;
    const path = `/api/breeding/designs/${child.id}/gallery`;
    expect((await post<{ message: string }>(bob, path, { name: '  ' })).body.message).toBe(
      breedingMessages.nameRequired,
    );
    const taken = await post<{ designId: string }>(bob, path, { name: 'Bred Fir' });
    expect(taken.status).toBe(201);
    const design = await bob.json<{
      name: string;
      status: string;
      selectedVariant: string;
      userId: string;
      imageUrl: string;
      bredDesignId: string;
      environmentPhotoUrl: string | null;
    }>(`/api/designs/${taken.body.designId}`);
    expect(design.body).toMatchObject({
      name: 'Bred Fir',
      status: 'submitted',
      selectedVariant: 'A',
      bredDesignId: child.id,
    });
    // Its image is the bred design's own bytes, served to the community like any design's.
    const [served, bred] = await Promise.all([
      carol.fetch(design.body.imageUrl).then(async (r) => Buffer.from(await r.arrayBuffer())),
      alice.fetch(child.imageUrl).then(async (r) => Buffer.from(await r.arrayBuffer())),
    ]);
    expect(served.equals(bred)).toBe(true);
    expect(design.body.environmentPhotoUrl).not.toBeNull();
    // Once: a second person is told it is there, and the bred design's page points at it.
    expect(await post(alice, path, { name: 'Mine too' })).toMatchObject({
      status: 409,
      body: { message: breedingMessages.alreadyInGallery },
    });
    const page = (await alice.json<BredDesignPage>(`/api/breeding/designs/${child.id}`)).body;
    expect(page.galleryDesignId).toBe(taken.body.designId);
    // A gallery design, in the game like any: not its taker's to play, everyone else's.
    const gallery = await alice.json<{ designs: { id: string }[] }>('/api/gallery?sort=recent');
    expect(gallery.body.designs.map((d) => d.id)).toContain(taken.body.designId);
  }, 120_000);

  it('draws a generation once, however often its job runs', async () => {
    const count = async () =>
      (
        await server.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(bredDesigns)
          .where(eq(bredDesigns.groundId, groundId))
      )[0]!.n;
    const before = await count();
    const members = await server.database.db
      .select()
      .from(breedingMembers)
      .where(and(eq(breedingMembers.groundId, groundId), eq(breedingMembers.generation, 1)));
    const engine = {
      generate: () => Promise.reject(new Error('not drawn again')),
      breed: () => Promise.reject(new Error('not drawn again')),
      predict: () => Promise.reject(new Error('not drawn again')),
    };
    for (const generation of [0, 1])
      await drawGeneration(
        { repo: createBreedingRepository(server.database.db), engine, log: pino({ level: 'silent' }) },
        groundId,
        generation,
      );
    expect(await count()).toBe(before);
    expect(
      await server.database.db
        .select()
        .from(breedingMembers)
        .where(and(eq(breedingMembers.groundId, groundId), eq(breedingMembers.generation, 1))),
    ).toEqual(members);
  });

  it('lets a person start only so many grounds a day', async () => {
    expect(
      (await post(alice, '/api/breeding/grounds', { source: 'design', designId, variant: 'B' })).status,
    ).toBe(201);
    const third = await post<{ message: string }>(alice, '/api/breeding/grounds', {
      source: 'design',
      designId,
      variant: 'B',
    });
    expect(third.status).toBe(429);
    expect(third.body.message).toMatch(/2 breeding grounds in the last 24 hours/);
  });
});
