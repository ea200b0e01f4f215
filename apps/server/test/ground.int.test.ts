import type { Generation } from '@camo/shared/generation.schema';
import type { GroundDesign, GroundPhoto, GroundPhotoList, GroundRanking } from '@camo/shared/ground.schema';
import { groundText } from '@camo/shared/ground';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWeights } from '../src/concealment/prediction-scores.js';
import { createGroundIndex } from '../src/ground/ground-index.js';
import { createGroundRepository } from '../src/ground/ground.repository.js';
import { createGroundService } from '../src/ground/ground.service.js';
import { designFeatures, groundPhotos, groundScores } from '../src/platform/db/schema.js';
import { signIn, type Client } from './support/dev-sign-in.js';
import { post, until } from './support/until.js';
import { upload, waitForGeneration } from './support/generation-client.js';
import { asPng, fixturePhoto, phonePortraitWithGps, pixelFloodPng, truncatedJpeg } from './support/photos.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/** POST /api/ground-photos as the browser sends it. */
async function uploadGround(
  client: Client,
  photo: Buffer,
  fields: Record<string, string> = {},
  type = 'image/jpeg',
): Promise<{ status: number; body: GroundPhoto & { error?: string; message?: string } }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('photo', new Blob([new Uint8Array(photo)], { type }), 'photo');
  const response = await client.fetch('/api/ground-photos', { method: 'POST', body: form });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as GroundPhoto & { error?: string; message?: string },
  };
}

/** A design through the create flow: upload, generate, submit. */
async function submittedDesign(client: Client, photo: string, state: string): Promise<string> {
  const started = await upload(client, fixturePhoto(photo), { description: `${photo} ground`, state });
  const done: Generation = await waitForGeneration(client, started.body.photoId!, 180_000);
  expect(done.status).toBe('completed');
  const id = done.design!.id;
  expect((await post(client, `/api/designs/${id}/select`, { variant: 'A' })).status).toBe(200);
  expect((await post(client, `/api/designs/${id}/submit`, { name: `${photo} pattern` })).status).toBe(200);
  return id;
}

describe('designs for my ground (issue 28) through the API', () => {
  let server: TestServer;
  let alice: Client;
  let bob: Client;
  const made: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer('pglite', { GROUND_PHOTOS_PER_DAY: '6' });
    alice = await signIn(server.origin, { name: 'Alice Ground', email: 'alice-ground@example.com' });
    bob = await signIn(server.origin, { name: 'Bob Ground', email: 'bob-ground@example.com' });
    made.forest = await submittedDesign(alice, 'forest', 'OR');
    made.snow = await submittedDesign(bob, 'snow', 'CO');
    made.desert = await submittedDesign(bob, 'desert', 'NV');
    // Each submitted design gets its features (a job after Submit).
    await until(
      async () =>
        (await server.database.db.select({ id: designFeatures.designId }).from(designFeatures)).length,
      (n) => n === 3,
    );
  }, 600_000);
  afterAll(async () => server?.close());

  let photo: GroundPhoto;

  it('stores a ground photo privately: re-encoded, no metadata, listed for its owner only', async () => {
    const sent = await uploadGround(alice, await phonePortraitWithGps());
    expect(sent.status).toBe(201);
    photo = sent.body;
    expect(photo.kept).toBe(false);
    expect(Date.parse(photo.expiresAt!) - Date.parse(photo.createdAt)).toBe(30 * 24 * 3600_000);
    const image = await alice.fetch(photo.imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.height).toBeGreaterThan(meta.width); // the orientation was applied
    const list = await alice.json<GroundPhotoList>('/api/ground-photos');
    expect(list.body.photos.map((p) => p.id)).toContain(photo.id);
    expect(list.body.usedToday).toBe(1);
    // Another person learns nothing: not the image, the ranking, the list, a change or a delete.
    expect((await bob.fetch(photo.imageUrl)).status).toBe(404);
    expect((await bob.json(`/api/ground-photos/${photo.id}/ranking`)).status).toBe(404);
    expect((await bob.json<GroundPhotoList>('/api/ground-photos')).body.photos).toEqual([]);
    expect(
      (
        await bob.json(`/api/ground-photos/${photo.id}`, {
          method: 'PATCH',
          body: JSON.stringify({ kept: true }),
        })
      ).status,
    ).toBe(404);
    expect((await bob.json(`/api/ground-photos/${photo.id}`, { method: 'DELETE', body: '{}' })).status).toBe(
      404,
    );
    expect(
      (
        await bob.fetch(
          `/api/ground-photos/${photo.id}/designs/${made.forest}/view?observer=person&distance=10`,
        )
      ).status,
    ).toBe(404);
    // Nor is it a stored file anyone could reach.
    expect((await bob.fetch(`/files/${photo.id}`)).status).toBe(404);
    // Signed out: 401.
    expect((await fetch(`${server.origin}${photo.imageUrl}`)).status).toBe(401);
  });

  it('refuses what the create flow refuses, with its messages', async () => {
    const damaged = await uploadGround(alice, truncatedJpeg());
    expect(damaged.status).toBe(400);
    expect(damaged.body.message).toBe(
      'This image file is damaged or incomplete. Please choose another photo.',
    );
    const flood = await uploadGround(alice, await pixelFloodPng(), {}, 'image/png');
    expect(flood.status).toBe(400);
    expect(flood.body.message).toMatch(/too many pixels/);
    const text = await uploadGround(alice, Buffer.from('not an image at all'), {}, 'image/jpeg');
    expect(text.status).toBe(400);
    const tooBig = await uploadGround(alice, Buffer.alloc(26 * 1024 * 1024, 1));
    expect(tooBig.status).toBe(413);
    const badEye = await uploadGround(alice, fixturePhoto('forest'), { distance: '30' });
    expect(badEye.status).toBe(400);
    expect(badEye.body.message).toBe('Choose 10, 25, 50 or 100 m.');
    const noPhoto = await alice.fetch('/api/ground-photos', { method: 'POST', body: new FormData() });
    expect(noPhoto.status).toBe(400);
    // Refusals use none of the day's uploads.
    expect((await alice.json<GroundPhotoList>('/api/ground-photos')).body.usedToday).toBe(1);
  });

  it('ranks every design by predicted hiding in the photo, refines the top in place, and keeps the filters', async () => {
    const forest = await uploadGround(alice, await asPng(fixturePhoto('forest')), {}, 'image/png');
    expect(forest.status).toBe(201);
    const ranking = await until(
      async () => (await alice.json<GroundRanking>(`/api/ground-photos/${forest.body.id}/ranking`)).body,
      (r) => !r.refining && r.designs.every((d) => d.ground.refined),
    );
    expect(ranking.observer).toBe('person');
    expect(ranking.distanceM).toBe(10);
    expect(ranking.total).toBe(3);
    expect(ranking.designs.map((d) => d.id)).toHaveLength(3);
    // The design made from this very photo hides best in it.
    expect(ranking.designs[0]!.id).toBe(made.forest);
    const hiding = ranking.designs.map((d) => d.ground.hiding!);
    expect([...hiding].sort((a, b) => b - a)).toEqual(hiding);
    for (const h of hiding) expect(h).toBeGreaterThanOrEqual(0);
    // A state filter: only that state's designs.
    const colorado = await alice.json<GroundRanking>(`/api/ground-photos/${forest.body.id}/ranking?state=CO`);
    expect(colorado.body.designs.map((d) => d.id)).toEqual([made.snow]);
    // Another eye is ranked too (first-pass estimates until refined).
    const deer = await alice.json<GroundRanking>(
      `/api/ground-photos/${forest.body.id}/ranking?observer=deer&distance=50`,
    );
    expect(deer.status).toBe(200);
    expect(deer.body.observer).toBe('deer');
    expect(deer.body.designs).toHaveLength(3);
    // At dawn or dusk (decision 034): that light's own ranking, refined and kept apart from daylight's.
    const dusk = await until(
      async () =>
        (await alice.json<GroundRanking>(`/api/ground-photos/${forest.body.id}/ranking?light=twilight`)).body,
      (r) => !r.refining && r.designs.every((d) => d.ground.refined),
    );
    expect(dusk.light).toBe('twilight');
    expect(dusk.designs).toHaveLength(3);
    expect(dusk.designs.map((d) => d.ground.hiding)).not.toEqual(hiding);
    const lights = await server.database.db
      .select({ light: groundScores.light })
      .from(groundScores)
      .where(and(eq(groundScores.photoId, forest.body.id), eq(groundScores.observer, 'person')));
    expect(new Set(lights.map((l) => l.light))).toEqual(new Set(['daylight', 'twilight']));
    expect((await alice.json(`/api/ground-photos/${forest.body.id}/ranking?light=noon`)).status).toBe(400);
    const oneAtDusk = await alice.json<GroundDesign>(
      `/api/ground-photos/${forest.body.id}/designs/${made.snow}?light=twilight`,
    );
    expect(oneAtDusk.body.predictions.map((p) => p.light)).toEqual(Array(8).fill('twilight'));
    expect((await alice.json(`/api/ground-photos/${forest.body.id}/ranking?distance=12`)).status).toBe(400);
    expect((await alice.json(`/api/ground-photos/${forest.body.id}/ranking?cursor=abc`)).status).toBe(400);

    // One design in the photo: every eye, and the viewer's picture.
    const one = await alice.json<GroundDesign>(`/api/ground-photos/${forest.body.id}/designs/${made.snow}`);
    expect(one.status).toBe(200);
    expect(one.body.predictions).toHaveLength(8);
    const view = await alice.fetch(
      `/api/ground-photos/${forest.body.id}/designs/${made.snow}/view?observer=deer&distance=25`,
    );
    expect(view.status).toBe(200);
    expect(view.headers.get('content-type')).toBe('image/jpeg');

    // Deleting the photo removes it and every score made in it.
    const scored = await server.database.db
      .select({ id: groundScores.designId })
      .from(groundScores)
      .where(eq(groundScores.photoId, forest.body.id));
    expect(scored.length).toBeGreaterThan(0);
    expect(
      (await alice.json(`/api/ground-photos/${forest.body.id}`, { method: 'DELETE', body: '{}' })).status,
    ).toBe(204);
    expect((await alice.fetch(forest.body.imageUrl)).status).toBe(404);
    const left = await server.database.db
      .select({ id: groundScores.designId })
      .from(groundScores)
      .where(eq(groundScores.photoId, forest.body.id));
    expect(left).toEqual([]);
    expect(
      await server.database.db
        .select({ id: groundPhotos.id })
        .from(groundPhotos)
        .where(eq(groundPhotos.id, forest.body.id)),
    ).toEqual([]);
  });

  it('keeps a photo past 30 days when asked, and removes the others after 30 days', async () => {
    const kept = await alice.json<GroundPhoto>(`/api/ground-photos/${photo.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ kept: true }),
    });
    expect(kept.body.kept).toBe(true);
    expect(kept.body.expiresAt).toBeNull();
    const other = await uploadGround(alice, fixturePhoto('desert'));
    const old = new Date(Date.now() - 31 * 24 * 3600_000);
    await server.database.db.update(groundPhotos).set({ createdAt: old });
    const service = createGroundService({
      repo: createGroundRepository(server.database.db),
      index: createGroundIndex({ load: async () => [] }),
      storage: server.storage,
      engine: null,
      weights: async () => defaultWeights,
      cards: async () => [],
      design: async () => null,
      requestScores: () => undefined,
      settings: { dailyLimit: 6 },
      log: { info: () => undefined, warn: () => undefined },
    });
    expect(await service.removeExpired()).toBe(1);
    const ids = (await alice.json<GroundPhotoList>('/api/ground-photos')).body.photos.map((p) => p.id);
    expect(ids).toContain(photo.id);
    expect(ids).not.toContain(other.body.id);
  });

  it('has its own daily limit, counted in the same transaction as the upload', async () => {
    const used = (await alice.json<GroundPhotoList>('/api/ground-photos')).body.usedToday;
    const left = 6 - used;
    const tries = await Promise.all(
      Array.from({ length: left + 2 }, () => uploadGround(alice, fixturePhoto('gravel'))),
    );
    expect(tries.filter((t) => t.status === 201)).toHaveLength(left);
    const refused = tries.filter((t) => t.status === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.body.message).toBe(groundText.dailyLimit(6));
    // Bob's day is his own.
    expect((await uploadGround(bob, fixturePhoto('gravel'))).status).toBe(201);
  });
});
