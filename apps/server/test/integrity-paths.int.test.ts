import { designFeatures as engineFeatures } from '@camo/camo-engine';
import type { Design, Generation } from '@camo/shared/generation.schema';
import { generationMessages } from '@camo/shared/generation.schema';
import type { GroundPhoto, GroundRanking } from '@camo/shared/ground.schema';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designFeatures, designs } from '../src/platform/db/schema.js';
import { createSubmittedDesign } from './support/community-factory.js';
import { createClient, signIn, type Client } from './support/dev-sign-in.js';
import { post, until } from './support/until.js';
import { upload, waitForGeneration } from './support/generation-client.js';
import { fixturePhoto } from './support/photos.js';
import { backends, startTestServer, testClock, type TestServer } from './support/test-server.js';

/**
 * Issue "game-integrity", items 5 and 6: paths an attacker found broken (the ground ranking's
 * year and month filters and its total, an edit finishing on a submitted design) and headers
 * that let a cache outlive a decision (derived images, the export, error replies, the sign-in
 * 429, /api/me).
 */

async function uploadGround(client: Client, photo: Buffer): Promise<GroundPhoto> {
  const form = new FormData();
  form.set('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo');
  const response = await client.fetch('/api/ground-photos', { method: 'POST', body: form });
  expect(response.status).toBe(201);
  return (await response.json()) as GroundPhoto;
}

/** A generated draft of `client`'s, with design A selected. */
async function selectedDraft(client: Client, state: string): Promise<string> {
  const started = await upload(client, fixturePhoto('forest'), { state });
  const done: Generation = await waitForGeneration(client, started.body.photoId!, 180_000);
  expect(done.status).toBe('completed');
  const id = done.design!.id;
  expect((await post(client, `/api/designs/${id}/select`, { variant: 'A' })).status).toBe(200);
  return id;
}

/** Decision 020's terms for a picture: kept, but asked again on each use, by its ETag. */
const expectRevalidated = (response: Response) => {
  expect(response.headers.get('cache-control')).toBe('private, no-cache');
  expect(response.headers.get('etag')).toMatch(/^"[^"]+"$/);
};

describe.each(backends)('game-integrity items 5 and 6 (%s)', (backend) => {
  let server: TestServer;
  let alice: Client;
  let bob: Client;
  let moderator: Client;
  let aliceId: string;
  let edited: string;
  let draftSubmitted: string;
  const clock = testClock();

  beforeAll(async () => {
    server = await startTestServer(
      backend,
      { EDIT_WAIT_MS: '0', ADMIN_EMAILS: 'mod-integrity@example.com' },
      { now: clock.now },
    );
    alice = await signIn(server.origin, { name: 'Alice Integrity', email: 'alice-integrity@example.com' });
    bob = await signIn(server.origin, { name: 'Bob Integrity', email: 'bob-integrity@example.com' });
    moderator = await signIn(server.origin, { name: 'Mod Integrity', email: 'mod-integrity@example.com' });
    aliceId = (await alice.json<{ id: string }>('/api/me')).body.id;
    [edited, draftSubmitted] = await Promise.all([selectedDraft(alice, 'OR'), selectedDraft(alice, 'WA')]);
  }, 600_000);
  afterAll(async () => server?.close());

  it('refuses to submit while the edit runs (409, with its message), and keeps an edit not chosen to its owner', async () => {
    const edit = await post<Design>(alice, `/api/designs/${edited}/edit`, { editPrompt: 'make it darker' });
    expect(edit.status).toBe(202);
    const early = await post<{ message: string }>(alice, `/api/designs/${edited}/submit`, {
      name: 'Too early',
      finalDesignChoice: 'original',
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(generationMessages.editStillRunning);
    // The edit finishes on the draft, which is then submitted as its owner chooses.
    const made = await until(
      async () => (await alice.json<Design>(`/api/designs/${edited}`)).body,
      (d) => d.hasEdits,
    );
    expect(made.status).toBe('pending_selection');
    const submitted = await post<Design>(alice, `/api/designs/${edited}/submit`, {
      name: 'Original kept',
      finalDesignChoice: 'original',
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'submitted', finalDesignChoice: 'original' });
    // The edit its owner did not choose is never published: not in the design, not as a file.
    const editedUrl = made.editedImageUrl!;
    expect(editedUrl).toMatch(/_edited\.png$/);
    const seen = await bob.json<Design>(`/api/designs/${edited}`);
    expect(seen.body.editedImageUrl).toBeNull();
    expect(seen.body.editPrompt).toBeNull();
    expect((await bob.fetch(editedUrl)).status).toBe(404);
    expect((await fetch(new URL(editedUrl, server.origin))).status).toBe(404);
    const own = await alice.fetch(editedUrl);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-cache');
    expect((await alice.json<Design>(`/api/designs/${edited}`)).body.editedImageUrl).toBe(editedUrl);
    // The chosen image is everybody's.
    expect((await bob.fetch(submitted.body.imageUrl!)).status).toBe(200);
  });

  it('finishes an edit only on a draft', async () => {
    const edit = await post<Design>(alice, `/api/designs/${draftSubmitted}/edit`, {
      editPrompt: 'add more brown',
    });
    expect(edit.status).toBe(202);
    // A submission that got past the check (as one did before this fix) while the job runs.
    await server.database.db
      .update(designs)
      .set({ status: 'submitted', submittedAt: new Date(), name: 'Submitted mid-edit' })
      .where(eq(designs.id, draftSubmitted));
    // Until the edit's job has run to its end (PGlite and node-postgres both answer with `{ rows }`).
    const jobStates = async () => {
      const result: unknown = await server.database.db.execute(
        sql`select state::text as state from pgboss.job where name = 'edit-design' and data->>'designId' = ${draftSubmitted}`,
      );
      return (result as { rows: { state: string }[] }).rows.map((r) => r.state);
    };
    await until(
      jobStates,
      (states) => states.length > 0 && states.every((s) => s === 'completed' || s === 'failed'),
    );
    const [row] = await server.database.db
      .select({ hasEdits: designs.hasEdits, editedImageUrl: designs.editedImageUrl })
      .from(designs)
      .where(eq(designs.id, draftSubmitted));
    expect(row).toEqual({ hasEdits: false, editedImageUrl: null });
  });

  it('ranks by year and month, and counts what it lists after a hide', async () => {
    // Designs with features written as the features job writes them (one engine measurement).
    const tile = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#5b6b3a' } })
      .png()
      .toBuffer();
    const raw = await sharp(tile).raw().toBuffer({ resolveWithObject: true });
    const features = engineFeatures({ width: 64, height: 64, data: new Uint8Array(raw.data) });
    const at = (iso: string) => new Date(iso);
    const made: Record<string, string> = {};
    for (const [name, when] of [
      ['march', '2025-03-14T12:00:00Z'],
      ['marchEnd', '2025-03-31T23:30:00Z'],
      ['april', '2025-04-02T00:30:00Z'],
      ['lastYear', '2024-03-10T12:00:00Z'],
    ] as const) {
      const id = await createSubmittedDesign(server.database.db, {
        userId: aliceId,
        state: 'MT',
        submittedAt: at(when),
      });
      await server.database.db
        .insert(designFeatures)
        .values({ designId: id, imageKey: `k-${id}`, features, tile, computedAt: new Date() });
      made[name] = id;
    }
    const photo = await uploadGround(alice, fixturePhoto('forest'));
    const ranking = async (query: string) => {
      const response = await alice.json<GroundRanking>(
        `/api/ground-photos/${photo.id}/ranking?state=MT&${query}`,
      );
      expect(response.status, query).toBe(200);
      return response.body;
    };
    const ids = (r: GroundRanking) => r.designs.map((d) => d.id).sort();
    const all = await ranking('');
    expect(all.total).toBe(4);
    const y2025 = await ranking('year=2025');
    expect(ids(y2025)).toEqual([made.march, made.marchEnd, made.april].sort());
    expect(y2025.total).toBe(3);
    const march = await ranking('year=2025&month=3');
    expect(ids(march)).toEqual([made.march, made.marchEnd].sort());
    expect(march.total).toBe(2);
    const anyMarch = await ranking('month=3');
    expect(ids(anyMarch)).toEqual([made.march, made.marchEnd, made.lastYear].sort());
    expect((await ranking('year=2023')).total).toBe(0);

    // A moderator hides one: within the index's refresh it is neither listed nor counted.
    expect(
      (await post(moderator, `/api/admin/designs/${made.marchEnd}/hide`, { reason: 'Brand logo' })).status,
    ).toBe(204);
    const after = await until(
      () => ranking('year=2025'),
      (r) => r.designs.length === 2,
      20_000,
    );
    expect(after.total).toBe(after.designs.length);
    // Past the index's next refresh (every 5 s), which reads the hidden designs again.
    clock.advance(5_500);
    const settled = await ranking('year=2025');
    expect(settled.total).toBe(2);
    expect(ids(settled)).toEqual([made.march, made.april].sort());
    // Restored, it is ranked again.
    expect(
      (await post(moderator, `/api/admin/designs/${made.marchEnd}/restore`, { reason: 'Generic' })).status,
    ).toBe(204);
    const restored = await until(
      () => ranking('year=2025'),
      (r) => r.total === 3,
      20_000,
    );
    expect(restored.designs).toHaveLength(3);
  }, 120_000);

  it('serves derived images and the export with no-cache and an ETag, and a hide or a delete at once', async () => {
    const views = {
      view: `/api/designs/${edited}/predicted-hiding/view?observer=person&distance=10`,
      blend: `/api/designs/${edited}/blend-preview`,
    };
    for (const [what, path] of Object.entries(views)) {
      const first = await bob.fetch(path);
      expect(first.status, what).toBe(200);
      expectRevalidated(first);
      const again = await bob.fetch(path, { headers: { 'if-none-match': first.headers.get('etag')! } });
      expect(again.status, what).toBe(304);
      expect((await again.arrayBuffer()).byteLength).toBe(0);
    }
    const exported = await alice.fetch(`/api/designs/${edited}/export?size=1024`);
    expect(exported.status).toBe(200);
    expectRevalidated(exported);
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.png"$/);
    const exportedAgain = await alice.fetch(`/api/designs/${edited}/export?size=1024`, {
      headers: { 'if-none-match': exported.headers.get('etag')! },
    });
    expect(exportedAgain.status).toBe(304);

    // Hidden: the next use is a 404 nobody keeps; restored, the picture is back.
    expect(
      (await post(moderator, `/api/admin/designs/${edited}/hide`, { reason: 'Brand logo' })).status,
    ).toBe(204);
    for (const [what, path] of Object.entries(views)) {
      const gone = await bob.fetch(path);
      expect(gone.status, what).toBe(404);
      expect(gone.headers.get('cache-control'), what).toBe('no-store');
    }
    expect(
      (await post(moderator, `/api/admin/designs/${edited}/restore`, { reason: 'Generic' })).status,
    ).toBe(204);
    expect((await bob.fetch(views.view)).status).toBe(200);

    // A ground photo and the viewer in it: asked again each use, gone at once when deleted.
    const photo = await uploadGround(alice, fixturePhoto('forest'));
    const groundView = `/api/ground-photos/${photo.id}/designs/${edited}/view?observer=person&distance=10`;
    for (const path of [photo.imageUrl, groundView]) {
      const first = await alice.fetch(path);
      expect(first.status, path).toBe(200);
      expectRevalidated(first);
      const again = await alice.fetch(path, { headers: { 'if-none-match': first.headers.get('etag')! } });
      expect(again.status, path).toBe(304);
    }
    expect(
      (await alice.json(`/api/ground-photos/${photo.id}`, { method: 'DELETE', body: '{}' })).status,
    ).toBe(204);
    for (const path of [photo.imageUrl, groundView]) {
      const gone = await alice.fetch(path);
      expect(gone.status, path).toBe(404);
      expect(gone.headers.get('cache-control'), path).toBe('no-store');
    }
  }, 180_000);

  it('keeps /api/me out of every cache', async () => {
    const me = await alice.fetch('/api/me');
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('private, no-store');
    const changed = await alice.fetch('/api/me', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ zipCode: '97201' }),
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe.each(backends)('the sign-in limit says when to try again (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { AUTH_RATE_LIMIT_PER_MINUTE: '2' });
  });
  afterAll(async () => server?.close());

  it('answers a sign-in past the limit 429 with Retry-After, kept by nobody', async () => {
    const client = createClient(server.origin);
    const answers: Response[] = [];
    for (let i = 0; i < 4; i++)
      answers.push(
        await client.fetch('/api/auth/sign-in/social', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ provider: 'dev-oidc', callbackURL: '/profile' }),
        }),
      );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429, 429]);
    const refused = answers[2]!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });
});
