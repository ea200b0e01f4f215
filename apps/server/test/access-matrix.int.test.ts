import * as api from '@camo/shared/api.schema';
import * as breeding from '@camo/shared/breeding.schema';
import * as community from '@camo/shared/community.schema';
import * as concealment from '@camo/shared/concealment.schema';
import * as contest from '@camo/shared/contest.schema';
import * as generation from '@camo/shared/generation.schema';
import * as ground from '@camo/shared/ground.schema';
import * as hunt from '@camo/shared/hunt.schema';
import * as moderation from '@camo/shared/moderation.schema';
import * as profile from '@camo/shared/profile.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodType } from 'zod';
import { createClient, signIn, type Client } from './support/dev-sign-in.js';
import { upload, waitForGeneration } from './support/generation-client.js';
import { forestJpeg } from './support/photos.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/**
 * Spec §6 as a table: every documented endpoint, called by an anonymous visitor, by the owner of
 * the resource it names and by another signed-in user, with the status each must get. A new
 * endpoint without a row fails the test, so the table stays whole.
 */
type Role = 'anonymous' | 'owner' | 'other';

/** Every zod schema packages/shared exports: the contract the pages are typed with. */
const sharedSchemas = new Set<unknown>(
  [api, breeding, community, concealment, contest, generation, ground, hunt, moderation, profile].flatMap(
    (module) => Object.values(module).filter((value) => value instanceof ZodType),
  ),
);
type Row = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The documented path, as OpenAPI writes it. */
  route: string;
  /** The concrete path to call, from the fixtures. */
  path: () => string;
  body?: () => unknown;
  /** Expected statuses, in the order the calls are made: anonymous, other, owner. */
  expect: Record<Role, number>;
};

describe('access matrix: every endpoint x anonymous, owner, another user', () => {
  let server: TestServer;
  let anonymous: Client;
  let owner: Client;
  let other: Client;
  let ownerId: string;
  /** The owner's generation whose design stays pending, and one submitted to the gallery. */
  let pendingPhoto: string;
  let pending: string;
  let submitted: string;
  let ownerComment: string;
  /** A hide-and-seek round of the other user, on the owner's submitted design. */
  let huntRound: string;
  /** The owner's photo of their own ground (issue 28). */
  let groundPhoto: string;
  let breedingGround: string;
  /** Stored files (/files, not an API operation): the pending design's A, the submitted one's image. */
  let pendingFile: string;
  let submittedFile: string;

  beforeAll(async () => {
    // Small generations: a ground started below draws its first while the table is called.
    server = await startTestServer('pglite', { BREEDING_POPULATION: '3' });
    anonymous = createClient(server.origin);
    owner = await signIn(server.origin, { name: 'Matrix Owner', email: 'matrix-owner@example.com' });
    other = await signIn(server.origin, { name: 'Matrix Other', email: 'matrix-other@example.com' });
    ownerId = (await owner.json<{ id: string }>('/api/me')).body.id;

    const generate = async () => {
      const started = await upload(owner, forestJpeg());
      const generation = await waitForGeneration(owner, started.body.photoId!);
      return { photoId: started.body.photoId!, designId: generation.design!.id };
    };
    const first = await generate();
    const second = await generate();
    pendingPhoto = first.photoId;
    pending = first.designId;
    submitted = second.designId;
    const post = (path: string, body: unknown) =>
      owner.json(path, { method: 'POST', body: JSON.stringify(body) });
    await post(`/api/designs/${submitted}/select`, { variant: 'A' });
    expect((await post(`/api/designs/${submitted}/submit`, { name: 'Matrix Ridge' })).status).toBe(200);
    const fileOf = async (designId: string, field: 'designAUrl' | 'imageUrl') =>
      (await owner.json<Record<string, string>>(`/api/designs/${designId}`)).body[field]!;
    pendingFile = await fileOf(pending, 'designAUrl');
    submittedFile = await fileOf(submitted, 'imageUrl');
    const round = await other.json<{ roundId: string }>('/api/hunt/rounds', { method: 'POST', body: '{}' });
    expect(round.status).toBe(201);
    huntRound = round.body.roundId;
    const comment = await owner.json<{ id: string }>(`/api/designs/${submitted}/comments`, {
      method: 'POST',
      body: JSON.stringify({ text: 'From the designer' }),
    });
    ownerComment = comment.body.id;
    const form = new FormData();
    form.set('photo', new Blob([new Uint8Array(forestJpeg())], { type: 'image/jpeg' }), 'photo');
    const ground = await owner.fetch('/api/ground-photos', { method: 'POST', body: form });
    expect(ground.status).toBe(201);
    groundPhoto = ((await ground.json()) as { id: string }).id;
    const bred = await post('/api/breeding/grounds', { source: 'design', designId: submitted, variant: 'A' });
    expect(bred.status).toBe(201);
    breedingGround = (bred.body as { id: string }).id;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const rows: Row[] = [
    // Public: the landing page's data and the service's health.
    { method: 'GET', route: '/api/health', path: () => '/api/health', expect: all(200) },
    { method: 'GET', route: '/api/config', path: () => '/api/config', expect: all(200) },
    { method: 'GET', route: '/api/members/count', path: () => '/api/members/count', expect: all(200) },
    { method: 'GET', route: '/api/contest/winners', path: () => '/api/contest/winners', expect: all(200) },
    { method: 'GET', route: '/api/contest', path: () => '/api/contest', expect: all(200) },
    {
      method: 'GET',
      route: '/api/contest/standings',
      path: () => '/api/contest/standings',
      expect: signedIn(200),
    },
    {
      // No month has closed on a new server: nothing recorded to show.
      method: 'GET',
      route: '/api/contest/months/{month}',
      path: () => '/api/contest/months/2026-01',
      expect: { anonymous: 401, other: 404, owner: 404 },
    },
    {
      method: 'GET',
      route: '/api/designs/{id}/contest',
      path: () => `/api/designs/${pending}/contest`,
      expect: { anonymous: 401, other: 404, owner: 200 },
    },
    {
      method: 'GET',
      route: '/api/designs/{id}/contest',
      path: () => `/api/designs/${submitted}/contest`,
      expect: signedIn(200),
    },
    {
      method: 'GET',
      route: '/api/users/{id}/wins',
      path: () => `/api/users/${ownerId}/wins`,
      expect: signedIn(200),
    },
    // One's own account.
    { method: 'GET', route: '/api/me', path: () => '/api/me', expect: signedIn(200) },
    {
      method: 'PATCH',
      route: '/api/me',
      path: () => '/api/me',
      body: () => ({ zipCode: '85001' }),
      expect: signedIn(200),
    },
    {
      method: 'GET',
      route: '/api/me/votes',
      path: () => `/api/me/votes?designIds=${submitted}`,
      expect: signedIn(200),
    },
    // Any designer's public page.
    { method: 'GET', route: '/api/users/{id}', path: () => `/api/users/${ownerId}`, expect: signedIn(200) },
    {
      method: 'GET',
      route: '/api/users/{id}/designs',
      path: () => `/api/users/${ownerId}/designs`,
      expect: signedIn(200),
    },
    // Generations are private to their owner: others are told they do not exist.
    { method: 'GET', route: '/api/generations', path: () => '/api/generations', expect: signedIn(200) },
    {
      method: 'GET',
      route: '/api/generations/{photoId}',
      path: () => `/api/generations/${pendingPhoto}`,
      expect: { anonymous: 401, other: 404, owner: 200 },
    },
    {
      method: 'GET',
      route: '/api/generations/{photoId}/events',
      path: () => `/api/generations/${pendingPhoto}/events`,
      expect: { anonymous: 401, other: 404, owner: 200 },
    },
    {
      // A multipart upload without a photo: past the sign-in check it is a 400, not a 401.
      method: 'POST',
      route: '/api/generations',
      path: () => '/api/generations',
      body: () => ({}),
      expect: { anonymous: 401, other: 400, owner: 400 },
    },
    // A pending design is its owner's alone; a submitted one is for every signed-in person.
    {
      method: 'GET',
      route: '/api/designs/{id}',
      path: () => `/api/designs/${pending}`,
      expect: { anonymous: 401, other: 404, owner: 200 },
    },
    {
      method: 'GET',
      route: '/api/designs/{id}',
      path: () => `/api/designs/${submitted}`,
      expect: signedIn(200),
    },
    // Their files follow the design: a pending one's to its owner only, a submitted one's to all.
    {
      method: 'GET',
      route: '/files/{key}',
      path: () => pendingFile,
      expect: { anonymous: 404, other: 404, owner: 200 },
    },
    { method: 'GET', route: '/files/{key}', path: () => submittedFile, expect: all(200) },
    {
      method: 'POST',
      route: '/api/designs/{id}/select',
      path: () => `/api/designs/${pending}/select`,
      body: () => ({ variant: 'B' }),
      expect: { anonymous: 401, other: 404, owner: 200 },
    },
    {
      method: 'POST',
      route: '/api/designs/{id}/select',
      path: () => `/api/designs/${submitted}/select`,
      body: () => ({ variant: 'B' }),
      expect: { anonymous: 401, other: 403, owner: 409 },
    },
    {
      method: 'POST',
      route: '/api/designs/{id}/edit',
      path: () => `/api/designs/${pending}/edit`,
      body: () => ({ editPrompt: 'make it darker' }),
      expect: { anonymous: 401, other: 404, owner: 200 },
    },
    {
      method: 'POST',
      route: '/api/designs/{id}/submit',
      path: () => `/api/designs/${submitted}/submit`,
      body: () => ({ name: 'Stolen' }),
      expect: { anonymous: 401, other: 403, owner: 409 },
    },
    {
      method: 'PUT',
      route: '/api/designs/{id}/name',
      path: () => `/api/designs/${submitted}/name`,
      body: () => ({ name: 'Renamed' }),
      // Named already: the owner may not rename it either.
      expect: { anonymous: 401, other: 403, owner: 409 },
    },
    {
      method: 'PUT',
      route: '/api/designs/{id}/story',
      path: () => `/api/designs/${submitted}/story`,
      body: () => ({ story: 'Made for the valley.' }),
      expect: { anonymous: 401, other: 403, owner: 200 },
    },
    {
      method: 'GET',
      route: '/api/designs/{id}/export',
      path: () => `/api/designs/${submitted}/export?size=1024`,
      expect: { anonymous: 401, other: 403, owner: 200 },
    },
    {
      method: 'GET',
      route: '/api/designs/{id}/vote',
      path: () => `/api/designs/${submitted}/vote`,
      expect: signedIn(200),
    },
    {
      method: 'POST',
      route: '/api/designs/{id}/vote',
      path: () => `/api/designs/${submitted}/vote`,
      body: () => ({}),
      // Never on one's own design.
      expect: { anonymous: 401, other: 200, owner: 403 },
    },
    {
      method: 'POST',
      route: '/api/designs/{id}/vote',
      path: () => `/api/designs/${pending}/vote`,
      body: () => ({}),
      expect: { anonymous: 401, other: 404, owner: 403 },
    },
    {
      method: 'GET',
      route: '/api/designs/{id}/comments',
      path: () => `/api/designs/${submitted}/comments`,
      expect: signedIn(200),
    },
    {
      method: 'POST',
      route: '/api/designs/{id}/comments',
      path: () => `/api/designs/${submitted}/comments`,
      body: () => ({ text: 'Nice work' }),
      expect: signedIn(201),
    },
    {
      method: 'DELETE',
      route: '/api/comments/{id}',
      path: () => `/api/comments/${ownerComment}`,
      body: () => ({}),
      expect: { anonymous: 401, other: 404, owner: 204 },
    },
    { method: 'GET', route: '/api/gallery', path: () => '/api/gallery', expect: signedIn(200) },
    { method: 'GET', route: '/api/gallery/states', path: () => '/api/gallery/states', expect: signedIn(200) },
    {
      method: 'POST',
      route: '/api/hunt/rounds',
      path: () => '/api/hunt/rounds',
      body: () => ({}),
      // The only design there is: the other user has had it, and one's own is never served
      // (200 with no round: nothing left to play is not an error).
      expect: { anonymous: 401, other: 200, owner: 200 },
    },
    {
      method: 'GET',
      route: '/api/hunt/rounds/{id}/image',
      path: () => `/api/hunt/rounds/${huntRound}/image`,
      expect: { anonymous: 401, other: 200, owner: 404 },
    },
    {
      method: 'POST',
      route: '/api/hunt/rounds/{id}/taps',
      path: () => `/api/hunt/rounds/${huntRound}/taps`,
      body: () => ({ x: 0, y: 0 }),
      expect: { anonymous: 401, other: 200, owner: 404 },
    },
    {
      method: 'POST',
      route: '/api/hunt/rounds/{id}/timeout',
      path: () => `/api/hunt/rounds/${huntRound}/timeout`,
      body: () => ({}),
      // Refused while the round's 15 s are running.
      expect: { anonymous: 401, other: 409, owner: 404 },
    },
    {
      // After the round's other rows: the report ends it (void).
      method: 'POST',
      route: '/api/hunt/rounds/{id}/hidden',
      path: () => `/api/hunt/rounds/${huntRound}/hidden`,
      body: () => ({}),
      expect: { anonymous: 401, other: 200, owner: 404 },
    },
    {
      method: 'GET',
      route: '/api/designs/{id}/hunt',
      path: () => `/api/designs/${submitted}/hunt`,
      expect: signedIn(200),
    },
    {
      method: 'GET',
      route: '/api/designs/{id}/predicted-hiding',
      path: () => `/api/designs/${submitted}/predicted-hiding`,
      expect: signedIn(200),
    },
    {
      method: 'GET',
      route: '/api/designs/{id}/predicted-hiding',
      path: () => `/api/designs/${pending}/predicted-hiding`,
      expect: { anonymous: 401, other: 404, owner: 200 },
    },
    {
      method: 'GET',
      route: '/api/designs/{id}/predicted-hiding/variants',
      path: () => `/api/designs/${pending}/predicted-hiding/variants`,
      expect: { anonymous: 401, other: 404, owner: 200 },
    },
    {
      method: 'GET',
      route: '/api/designs/{id}/predicted-hiding/view',
      path: () => `/api/designs/${submitted}/predicted-hiding/view?observer=deer&distance=10`,
      expect: signedIn(200),
    },
    {
      method: 'GET',
      route: '/api/predicted-hiding/calibration',
      path: () => '/api/predicted-hiding/calibration',
      expect: { anonymous: 200, other: 200, owner: 200 },
    },
    {
      method: 'GET',
      route: '/api/designs/{id}/blend-preview',
      path: () => `/api/designs/${submitted}/blend-preview`,
      expect: signedIn(200),
    },
    {
      method: 'GET',
      route: '/api/designs/{id}/blend-preview',
      path: () => `/api/designs/${pending}/blend-preview?variant=B`,
      expect: { anonymous: 401, other: 404, owner: 200 },
    },
    {
      method: 'GET',
      route: '/api/users/{id}/hunt',
      path: () => `/api/users/${ownerId}/hunt`,
      expect: signedIn(200),
    },
    { method: 'GET', route: '/api/hunt/board', path: () => '/api/hunt/board', expect: signedIn(200) },
    { method: 'GET', route: '/api/hunt/insights', path: () => '/api/hunt/insights', expect: signedIn(200) },
    {
      method: 'POST',
      route: '/api/reports',
      path: () => '/api/reports',
      body: () => ({ targetType: 'design', targetId: submitted, reason: 'spam' }),
      // Nobody reports their own design.
      expect: { anonymous: 401, other: 204, owner: 403 },
    },
    { method: 'GET', route: '/api/me/reports', path: () => '/api/me/reports', expect: signedIn(200) },
    // Moderators only (moderation.int.test.ts signs one in): everybody here is refused.
    ...(['/api/admin/reports', '/api/admin/log', '/api/admin/blocked'] as const).map((route): Row => ({
      method: 'GET',
      route,
      path: () => route,
      expect: moderatorsOnly,
    })),
    ...(
      [
        ['/api/admin/designs/{id}/hide', () => `/api/admin/designs/${submitted}/hide`],
        ['/api/admin/designs/{id}/restore', () => `/api/admin/designs/${submitted}/restore`],
        ['/api/admin/comments/{id}/hide', () => `/api/admin/comments/${ownerComment}/hide`],
        ['/api/admin/comments/{id}/restore', () => `/api/admin/comments/${ownerComment}/restore`],
        ['/api/admin/users/{id}/block', () => `/api/admin/users/${ownerId}/block`],
        ['/api/admin/users/{id}/unblock', () => `/api/admin/users/${ownerId}/unblock`],
      ] as const
    ).map(([route, path]): Row => ({
      method: 'POST',
      route,
      path,
      body: () => ({ reason: 'testing' }),
      expect: moderatorsOnly,
    })),
    {
      method: 'POST',
      route: '/api/admin/reports/dismiss',
      path: () => '/api/admin/reports/dismiss',
      body: () => ({ targetType: 'design', targetId: submitted, reason: 'testing' }),
      expect: moderatorsOnly,
    },
    {
      method: 'GET',
      route: '/api/hunt/best-hiding',
      path: () => '/api/hunt/best-hiding',
      expect: { anonymous: 200, other: 200, owner: 200 },
    },
    // Breeding grounds (decision 038): for signed-in people, as the gallery is.
    {
      method: 'GET',
      route: '/api/breeding/grounds',
      path: () => '/api/breeding/grounds',
      expect: signedIn(200),
    },
    {
      method: 'POST',
      // A design with no photo to breed for (the ground of a real one is started above).
      route: '/api/breeding/grounds',
      path: () => '/api/breeding/grounds',
      body: () => ({ source: 'design', designId: breedingGround, variant: 'A' }),
      expect: { anonymous: 401, other: 404, owner: 404 },
    },
    {
      method: 'GET',
      route: '/api/breeding/grounds/{id}',
      path: () => `/api/breeding/grounds/${breedingGround}`,
      expect: signedIn(200),
    },
    {
      method: 'GET',
      route: '/api/breeding/grounds/{id}/photo',
      path: () => `/api/breeding/grounds/${breedingGround}/photo`,
      expect: signedIn(200),
    },
    {
      // No such bred design: the same answer to everyone signed in.
      method: 'GET',
      route: '/api/breeding/designs/{id}',
      path: () => `/api/breeding/designs/${breedingGround}`,
      expect: { anonymous: 401, other: 404, owner: 404 },
    },
    {
      method: 'GET',
      route: '/api/breeding/designs/{id}/image',
      path: () => `/api/breeding/designs/${breedingGround}/image`,
      expect: { anonymous: 401, other: 404, owner: 404 },
    },
    {
      method: 'POST',
      route: '/api/breeding/designs/{id}/gallery',
      path: () => `/api/breeding/designs/${breedingGround}/gallery`,
      body: () => ({ name: 'Matrix Bred' }),
      expect: { anonymous: 401, other: 404, owner: 404 },
    },
    // A person's own ground photos (issue 28): the owner's alone; another person gets a 404.
    {
      // Not multipart: past the sign-in check it is a 400, as for a generation.
      method: 'POST',
      route: '/api/ground-photos',
      path: () => '/api/ground-photos',
      body: () => ({}),
      expect: { anonymous: 401, other: 400, owner: 400 },
    },
    { method: 'GET', route: '/api/ground-photos', path: () => '/api/ground-photos', expect: signedIn(200) },
    {
      method: 'GET',
      route: '/api/ground-photos/{id}/image',
      path: () => `/api/ground-photos/${groundPhoto}/image`,
      expect: { anonymous: 401, other: 404, owner: 200 },
    },
    {
      method: 'PATCH',
      route: '/api/ground-photos/{id}',
      path: () => `/api/ground-photos/${groundPhoto}`,
      body: () => ({ kept: true }),
      expect: { anonymous: 401, other: 404, owner: 200 },
    },
    {
      method: 'GET',
      route: '/api/ground-photos/{id}/ranking',
      path: () => `/api/ground-photos/${groundPhoto}/ranking`,
      expect: { anonymous: 401, other: 404, owner: 200 },
    },
    {
      method: 'GET',
      route: '/api/ground-photos/{id}/designs/{designId}',
      path: () => `/api/ground-photos/${groundPhoto}/designs/${submitted}`,
      expect: { anonymous: 401, other: 404, owner: 200 },
    },
    {
      method: 'GET',
      route: '/api/ground-photos/{id}/designs/{designId}/view',
      path: () => `/api/ground-photos/${groundPhoto}/designs/${submitted}/view?observer=deer&distance=25`,
      expect: { anonymous: 401, other: 404, owner: 200 },
    },
    {
      // Last: it removes the photo the rows above use.
      method: 'DELETE',
      route: '/api/ground-photos/{id}',
      path: () => `/api/ground-photos/${groundPhoto}`,
      body: () => ({}),
      expect: { anonymous: 401, other: 404, owner: 204 },
    },
  ];

  it('has a row for every documented endpoint', async () => {
    const doc = (await (await fetch(new URL('/api/docs/json', server.origin))).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths).flatMap(([route, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`),
    );
    expect(documented.length).toBeGreaterThan(25);
    const covered = new Set(rows.map((row) => `${row.method} ${row.route}`));
    expect(documented.filter((endpoint) => !covered.has(endpoint))).toEqual([]);
  });

  it('gives each role the status it must get', async () => {
    const clients: Record<Role, () => Client> = {
      anonymous: () => anonymous,
      other: () => other,
      owner: () => owner,
    };
    const results: string[] = [];
    for (const row of rows) {
      for (const role of ['anonymous', 'other', 'owner'] as const) {
        const status = await call(clients[role](), row);
        if (status !== row.expect[role])
          results.push(`${row.method} ${row.path()} as ${role}: ${status}, expected ${row.expect[role]}`);
      }
    }
    expect(results).toEqual([]);
  });

  it('answers every 2xx JSON reply in the shape of a shared schema (what the pages are typed with)', () => {
    expect(contractProblems).toEqual([]);
    expect(checkedReplies.size).toBeGreaterThan(25);
  });

  /** Replies parsed so far, by route, and what did not hold (filled by `call`). */
  const checkedReplies = new Set<string>();
  const contractProblems: string[] = [];

  async function call(client: Client, row: Row): Promise<number> {
    const controller = new AbortController();
    const body = row.body?.();
    const response = await client.fetch(row.path(), {
      method: row.method,
      signal: controller.signal,
      ...(body === undefined
        ? {}
        : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
    const json = (response.headers.get('content-type') ?? '').startsWith('application/json');
    if (response.ok && json) {
      checkReply(row, response.status, await response.json());
    } else {
      // The progress stream stays open: its status is all this table needs.
      controller.abort();
      await response.body?.cancel().catch(() => {});
    }
    return response.status;
  }

  /**
   * The route's response schema for this status must be one that packages/shared exports (the
   * web app's types come from those), and the reply must parse with it.
   */
  function checkReply(row: Row, status: number, reply: unknown): void {
    const endpoint = `${row.method} ${row.route}`;
    const schema = server.responseSchemas.get(`${row.method} ${row.route.replace(/\{(\w+)\}/g, ':$1')}`)?.[
      String(status)
    ];
    if (!schema) {
      contractProblems.push(`${endpoint} ${status}: no response schema`);
      return;
    }
    if (!sharedSchemas.has(schema))
      contractProblems.push(`${endpoint} ${status}: its schema is not a shared export`);
    const parsed = (schema as ZodType).safeParse(reply);
    if (!parsed.success) contractProblems.push(`${endpoint} ${status}: ${parsed.error.message}`);
    checkedReplies.add(endpoint);
  }
});

function all(status: number): Record<Role, number> {
  return { anonymous: status, owner: status, other: status };
}

function signedIn(status: number): Record<Role, number> {
  return { anonymous: 401, owner: status, other: status };
}

/** Nobody in this matrix moderates: anonymous 401, signed-in 403. */
const moderatorsOnly: Record<Role, number> = { anonymous: 401, other: 403, owner: 403 };
