import { randomUUID } from 'node:crypto';
import { huntMessages } from '@camo/shared/hunt';
import type { HuntNothingToPlay, HuntRound, HuntTapResult } from '@camo/shared/hunt.schema';
import { HUNT_MAX_MISSES, HUNT_MIN_TARGET_CSS_PX, HUNT_ROUND_TTL_MS } from '@camo/shared/hunt.schema';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHuntRepository } from '../src/hunt/hunt.repository.js';
import { silhouetteById, targetBox } from '../src/engine/silhouettes.js';
import { designs, huntRounds, users, type EngineMeasures } from '../src/platform/db/schema.js';
import { setGameEyeScore } from '../src/concealment/eye-hiding.repository.js';
import { upload, waitForGeneration } from './support/generation-client.js';
import { createSubmittedDesign, createUsers } from './support/community-factory.js';
import { createClient, signIn, type Client } from './support/dev-sign-in.js';
import { fixturePhoto, forestJpeg } from './support/photos.js';
import { openTestDatabase, startTestServer, testClock, type TestServer } from './support/test-server.js';

/** A small camouflage-like tile. */
async function designPng(seed: number): Promise<Buffer> {
  const size = 96;
  const data = Buffer.alloc(size * size * 3);
  for (let i = 0; i < size * size; i++) {
    const v = Math.sin(i * 0.05 + seed) + Math.cos(i * 0.013 * seed) > 0;
    data.set(v ? [84, 92, 60] : [120, 104, 76], i * 3);
  }
  return sharp(data, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

describe('hide and seek through the API', () => {
  let server: TestServer;
  const clock = testClock();
  let alice: Client;
  let bob: Client;
  let aliceId: string;
  let bobId: string;
  const bobsDesigns: string[] = [];

  const post = <T>(client: Client, path: string, body: unknown = {}) =>
    client.json<T>(path, { method: 'POST', body: JSON.stringify(body) });
  const round = async (id: string) =>
    (await server.database.db.select().from(huntRounds).where(eq(huntRounds.id, id)))[0]!;
  /** A point at the middle of the target (its box's centre is on the silhouette for all shapes). */
  const onTarget = async (id: string) => {
    const r = await round(id);
    const box = targetBox(silhouetteById(r.silhouette), r);
    return { x: r.x, y: r.y, box };
  };

  beforeAll(async () => {
    server = await startTestServer('pglite', {}, { now: clock.now });
    alice = await signIn(server.origin, { name: 'Alice Hunter', email: 'alice-hunt@example.com' });
    bob = await signIn(server.origin, { name: 'Bob Hider', email: 'bob-hunt@example.com' });
    aliceId = (await alice.json<{ id: string }>('/api/me')).body.id;
    bobId = (await bob.json<{ id: string }>('/api/me')).body.id;
    // Accounts past the age gate, whose rounds count in a design's figures (decision 026).
    await server.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 48 * 3_600_000) })
      .where(inArray(users.id, [aliceId, bobId]));
    const photos = [forestJpeg(), fixturePhoto('desert')];
    for (const [i, userId] of [aliceId, bobId, bobId, bobId].entries()) {
      const photoKey = `environment_photos/2026/01/${userId}_${i}_env.png`;
      const designKey = `ai_gen/2026/01/camo_design_${i}_a.png`;
      await server.storage.put(photoKey, photos[i % 2]!);
      await server.storage.put(designKey, await designPng(i + 1));
      const id = await createSubmittedDesign(server.database.db, {
        userId,
        state: 'TX',
        designAUrl: designKey,
        environmentPhotoUrl: photoKey,
      });
      if (userId === bobId) bobsDesigns.push(id);
    }
  }, 120_000);
  afterAll(async () => server?.close());

  it('serves the image once, with no metadata and nothing in the bytes or the answer that tells where the target is', async () => {
    const started = await post<HuntRound>(alice, '/api/hunt/rounds');
    expect(started.status).toBe(201);
    expect(Object.keys(started.body).sort()).toEqual([
      'height',
      'imageUrl',
      'roundId',
      'timeLimitMs',
      'width',
    ]);
    const response = await alice.fetch(started.body.imageUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await response.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.exif, meta.xmp, meta.iptc, meta.icc, meta.comments]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    // Only the JPEG's own markers: no APPn block but JFIF, no comment.
    for (let i = 2; i < bytes.length - 1 && bytes[i] === 0xff;) {
      const marker = bytes[i + 1]!;
      if (marker === 0xda) break;
      expect(marker === 0xe0 || marker < 0xe1 || marker > 0xef, `marker ${marker.toString(16)}`).toBe(true);
      expect(marker).not.toBe(0xfe);
      i += 2 + bytes.readUInt16BE(i + 2);
    }
    const r = await round(started.body.roundId);
    for (const secret of [r.x, r.y, r.size].map((v) => String(Math.round(v)))) {
      expect(response.headers.get('content-length')).not.toBe(secret);
    }
    expect(JSON.stringify(started.body)).not.toMatch(
      new RegExp(`\\b${Math.round(r.x)}\\b.*\\b${Math.round(r.y)}\\b`),
    );
    // Served once.
    expect((await alice.fetch(started.body.imageUrl)).status).toBe(409);
    // Not someone else's.
    expect((await post(bob, `/api/hunt/rounds/${started.body.roundId}/taps`, { x: 1, y: 1 })).status).toBe(
      404,
    );
    expect((await bob.fetch(started.body.imageUrl)).status).toBe(404);

    // A miss is counted and the round goes on; a hit after the reaction floor ends it as found.
    const miss = await post<HuntTapResult>(alice, `/api/hunt/rounds/${started.body.roundId}/taps`, {
      x: 0,
      y: 0,
    });
    expect(miss.body).toEqual({ result: 'miss', misses: 1, missesLeft: HUNT_MAX_MISSES - 1 });
    // 400 ms pass on the server's clock (past the reaction floor) without waiting for them.
    clock.advance(400);
    const target = await onTarget(started.body.roundId);
    const hit = await post<HuntTapResult>(alice, `/api/hunt/rounds/${started.body.roundId}/taps`, target);
    expect(hit.body.result).toBe('found');
    if (hit.body.result !== 'found') return;
    expect(hit.body.misses).toBe(1);
    expect(hit.body.ms).toBeGreaterThanOrEqual(400);
    expect(hit.body.reveal.box.width).toBeCloseTo(target.box.width, 3);
    // Answered already.
    expect((await post(alice, `/api/hunt/rounds/${started.body.roundId}/taps`, target)).status).toBe(409);
    expect((await post(alice, `/api/hunt/rounds/${started.body.roundId}/timeout`)).status).toBe(409);
  }, 60_000);

  it('discards a tap faster than a person can react, and refuses expired rounds', async () => {
    const fast = await post<HuntRound>(alice, '/api/hunt/rounds');
    await alice.fetch(fast.body.imageUrl);
    const tooFast = await post<HuntTapResult>(
      alice,
      `/api/hunt/rounds/${fast.body.roundId}/taps`,
      await onTarget(fast.body.roundId),
    );
    expect(tooFast.body.result).toBe('too_fast');
    expect((await round(fast.body.roundId)).status).toBe('too_fast');

    const late = await post<HuntRound>(alice, '/api/hunt/rounds');
    await server.database.db
      .update(huntRounds)
      .set({ createdAt: new Date(Date.now() - HUNT_ROUND_TTL_MS - 1000) })
      .where(eq(huntRounds.id, late.body.roundId));
    expect((await alice.fetch(late.body.imageUrl)).status).toBe(409);
    expect((await post(alice, `/api/hunt/rounds/${late.body.roundId}/taps`, { x: 5, y: 5 })).status).toBe(
      409,
    );
  }, 60_000);

  it('makes each round at the shape of the player’s screen, its target findable there, and keeps one record of how its scene was made', async () => {
    const player = await signIn(server.origin, { name: 'Carol Phone', email: 'carol-phone@example.com' });
    const screens = [
      { width: 374, height: 560, pixelRatio: 3 }, // a phone held upright
      { width: 700, height: 300, pixelRatio: 3 }, // the same phone turned
    ];
    for (const viewport of screens) {
      const started = await post<HuntRound>(player, '/api/hunt/rounds', { viewport });
      expect(started.status).toBe(201);
      const { width, height } = started.body;
      // The picture has the room's shape (within 2%), so it fills the screen instead of a strip.
      expect(Math.abs(width / height - viewport.width / viewport.height)).toBeLessThan(
        0.02 * (viewport.width / viewport.height),
      );
      const image = await player.fetch(started.body.imageUrl);
      const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([width, height]);
      const row = await round(started.body.roundId);
      const scene = row.scene!;
      expect(scene.viewport).toEqual(viewport);
      expect(scene.recipe.width).toBe(width);
      expect(scene.target.silhouette).toBe(row.silhouette);
      for (const k of ['x', 'y', 'size', 'rotation'] as const) expect(scene.target[k]).toBeCloseTo(row[k], 2);
      // At least HUNT_MIN_TARGET_CSS_PX tall on that screen, and whole in the picture.
      expect(row.size * scene.cssPerPixel).toBeGreaterThanOrEqual(HUNT_MIN_TARGET_CSS_PX - 0.5);
      const box = targetBox(silhouetteById(row.silhouette), row);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.y + box.height).toBeLessThanOrEqual(height);
      // Where it stands in the photo the scene was made from.
      expect(scene.source).not.toBeNull();
      expect(scene.source!.x).toBeGreaterThanOrEqual(0);
      expect(scene.source!.x).toBeLessThanOrEqual(scene.photo.width);
      expect(scene.source!.size).toBeGreaterThan(0);
      await post(player, `/api/hunt/rounds/${started.body.roundId}/hidden`);
    }
    // No room said: a landscape picture, as before.
    const plain = await post<HuntRound>(player, '/api/hunt/rounds');
    expect(plain.body.width).toBeGreaterThan(plain.body.height);
    // A room outside the bounds is refused with a message.
    const tiny = await post<{ message: string }>(player, '/api/hunt/rounds', {
      viewport: { width: 10, height: 10 },
    });
    expect(tiny.status).toBe(400);
  }, 120_000);

  it('never gives a player their own design, nor one twice; a round past 15 s ends not found', async () => {
    // Alice has had all three of Bob's designs: none is left for her.
    const none = await post<HuntNothingToPlay>(alice, '/api/hunt/rounds');
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ round: null, message: huntMessages.noDesigns });
    const seen = await server.database.db
      .select({ designId: huntRounds.designId })
      .from(huntRounds)
      .where(eq(huntRounds.playerId, aliceId));
    expect(seen.map((r) => r.designId).sort()).toEqual([...bobsDesigns].sort());

    // Bob's only choice is Alice's design; he takes too long.
    const mine = await post<HuntRound>(bob, '/api/hunt/rounds');
    await bob.fetch(mine.body.imageUrl);
    expect((await post(bob, `/api/hunt/rounds/${mine.body.roundId}/timeout`)).status).toBe(409);
    await server.database.db
      .update(huntRounds)
      .set({ servedAt: new Date(Date.now() - 16_500) })
      .where(eq(huntRounds.id, mine.body.roundId));
    const timedOut = await post<HuntTapResult>(
      bob,
      `/api/hunt/rounds/${mine.body.roundId}/taps`,
      await onTarget(mine.body.roundId),
    );
    expect(timedOut.body.result).toBe('timeout');
    const r = await round(mine.body.roundId);
    const [design] = await server.database.db.select().from(designs).where(eq(designs.id, r.designId!));
    expect(design!.userId).toBe(aliceId);
    expect(await post(bob, '/api/hunt/rounds')).toMatchObject({ status: 200, body: { round: null } });

    const concealment = await bob.json<{ rounds: number; found: number }>(`/api/designs/${r.designId}/hunt`);
    expect(concealment.body).toMatchObject({ rounds: 1, found: 0 });
    const record = await bob.json<{ rounds: number; found: number }>(`/api/users/${aliceId}/hunt`);
    // Alice: one found, one discarded (not counted), one expired (not counted).
    expect(record.body).toMatchObject({ rounds: 1, found: 1, hitRate: 1 });
  }, 60_000);

  it('orders the gallery by score for Hardest to spot, and names the best-hiding entry of the month', async () => {
    const db = server.database.db;
    const aliceDesign = (await db.select().from(designs).where(eq(designs.userId, aliceId)))[0]!.id;
    const scores: [string, number][] = [
      [bobsDesigns[0]!, 9.5],
      [aliceDesign, 7],
      [bobsDesigns[1]!, 3.25],
      [bobsDesigns[2]!, -1],
    ];
    // As a round's end writes them (hunt.repository.ts): the score, and the rank it gives at the game's eye.
    for (const [id, score] of scores) {
      await db
        .update(designs)
        .set({ concealmentScore: score, ...(score >= 0 ? { hidingGroup: 2, hidingRank: score } : {}) })
        .where(eq(designs.id, id));
      if (score >= 0) await setGameEyeScore(db, id, score);
    }
    // The game's scores order Hardest to spot at the game's eye, a person at 10 m.
    const page = await alice.json<{ designs: { id: string; concealmentScore: number | null }[] }>(
      '/api/gallery?sort=hiding&observer=person&distance=10',
    );
    expect(page.body.designs.map((d) => d.id)).toEqual(scores.map(([id]) => id));
    expect(page.body.designs.map((d) => d.concealmentScore)).toEqual([9.5, 7, 3.3, null]);
    const best = await createClient(server.origin).json<{
      months: { designId: string; meanHiddenSeconds: number }[];
    }>('/api/hunt/best-hiding');
    expect(best.status).toBe(200);
    expect(best.body.months).toHaveLength(1);
    expect(best.body.months[0]).toMatchObject({ designId: bobsDesigns[0], meanHiddenSeconds: 9.5 });
  });

  it("measures a submitted design against its photo, and sets scores beside the engine's measures", async () => {
    const started = await upload(bob, forestJpeg(), { description: 'Hardwood bottoms' });
    const done = await waitForGeneration(bob, started.body.photoId!);
    const id = done.design!.id;
    const post = (path: string, body: unknown) =>
      bob.json(path, { method: 'POST', body: JSON.stringify(body) });
    expect((await post(`/api/designs/${id}/select`, { variant: 'A' })).status).toBe(200);
    expect((await post(`/api/designs/${id}/submit`, { name: 'Bottomland' })).status).toBe(200);
    // The measure-design job runs on a worker after the submission.
    let measures: EngineMeasures | null = null;
    for (let i = 0; i < 100 && !measures; i++) {
      measures = (await server.database.db.select().from(designs).where(eq(designs.id, id)))[0]!
        .engineMeasures;
      if (!measures) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(measures).not.toBeNull();
    expect(measures!.coverage).toBeGreaterThanOrEqual(0);
    expect(measures!.shareTv).toBeGreaterThanOrEqual(0);
    expect(measures!.shareTv).toBeLessThanOrEqual(1);
    expect(measures!.slopeGap).toBeGreaterThanOrEqual(0);
    await server.database.db.update(designs).set({ concealmentScore: 6.5 }).where(eq(designs.id, id));
    const insights = await alice.json<{ points: { designId: string; score: number; coverage: number }[] }>(
      '/api/hunt/insights',
    );
    expect(insights.status).toBe(200);
    expect(insights.body.points.find((p) => p.designId === id)).toMatchObject({
      score: 6.5,
      coverage: measures!.coverage,
    });
  }, 120_000);

  it('draws a blend preview: the design on a silhouette beside a plain one', async () => {
    const response = await alice.fetch(`/api/designs/${bobsDesigns[0]}/blend-preview`);
    expect(response.status).toBe(200);
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBeGreaterThan(meta.height * 2);
  }, 60_000);
});

describe('the round chooser', () => {
  it('keeps every design within 2 rounds of the others over many simulated rounds', async () => {
    const { database, drop } = await openTestDatabase('pglite');
    try {
      const db = database.db;
      const designers = await createUsers(db, 4);
      const ids: string[] = [];
      for (let i = 0; i < 16; i++) {
        ids.push(
          await createSubmittedDesign(db, {
            userId: designers[i % 4]!,
            environmentPhotoUrl: `environment_photos/x/${i}.png`,
          }),
        );
      }
      const players = [...designers, ...(await createUsers(db, 36))];
      const repo = createHuntRepository(db);
      let worst = 0;
      for (let n = 0; n < 300; n++) {
        const player = players[(n * 7) % players.length]!;
        const design = await repo.chooseDesign(player);
        if (!design) continue;
        expect(design.userId).not.toBe(player);
        const created = await repo.create(
          {
            id: randomUUID(),
            playerId: player,
            designId: design.id,
            photoKey: 'p',
            silhouette: 'pack',
            x: 1,
            y: 1,
            size: 1,
            rotation: 0,
            width: 10,
            height: 10,
          },
          Buffer.from('not a picture'),
        );
        expect(created).not.toBeNull();
        const counts = await db
          .select({ n: designs.huntRounds })
          .from(designs)
          .where(sql`${designs.id} in ${ids}`);
        const spread = Math.max(...counts.map((c) => c.n)) - Math.min(...counts.map((c) => c.n));
        worst = Math.max(worst, spread);
      }
      expect(worst).toBeLessThanOrEqual(2);
      const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(huntRounds);
      expect(total!.n).toBe(300);
    } finally {
      await drop();
    }
  }, 120_000);
});
