import { randomUUID } from 'node:crypto';
import type { DesignCard } from '@camo/shared/api.schema';
import {
  COMMENT_MAX,
  communityMessages,
  type Comment,
  type CommentList,
  type GalleryPage,
  type GalleryStates,
  type MyVotes,
  type VoteStatus,
} from '@camo/shared/community.schema';
import { limits } from '@camo/shared/limits';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCommentsRepository } from '../src/comments/comments.repository.js';
import { createCommentsService } from '../src/comments/comments.service.js';
import { designs } from '../src/platform/db/schema.js';
import { createVotesRepository } from '../src/votes/votes.repository.js';
import { createVotesService } from '../src/votes/votes.service.js';
import { createSubmittedDesign, createUser, createUsers } from './support/community-factory.js';
import { signIn, type Client } from './support/dev-sign-in.js';
import { backends, startTestServer, type TestServer } from './support/test-server.js';

type Reply<T> = { status: number; body: T & { message?: string } };

describe.each(backends)('votes, comments and the gallery (%s)', (backend) => {
  let server: TestServer;
  let alice: Client;
  let bob: Client;
  let carol: Client;
  let aliceId: string;
  let bobId: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    alice = await signIn(server.origin, { name: 'Alice Archer', email: 'alice@example.com' });
    bob = await signIn(server.origin, { name: 'Bob Bowman', email: 'bob@example.com' });
    carol = await signIn(server.origin, { name: 'Carol Crane', email: 'carol@example.com' });
    aliceId = (await alice.json<{ id: string }>('/api/me')).body.id;
    bobId = (await bob.json<{ id: string }>('/api/me')).body.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.database.db;
  const post = <T>(client: Client, path: string, body: unknown): Promise<Reply<T>> =>
    client.json<T & { message?: string }>(path, { method: 'POST', body: JSON.stringify(body) });
  const del = (client: Client, path: string) => client.json(path, { method: 'DELETE', body: '{}' });
  const storedCount = async (designId: string) =>
    (await db().select({ n: designs.voteCount }).from(designs).where(eq(designs.id, designId)))[0]?.n;

  describe('voting', () => {
    it('counts a vote once; a repeat answers the same count', async () => {
      const design = await createSubmittedDesign(db(), { userId: aliceId, voteCount: 0 });
      const first = await post<VoteStatus>(bob, `/api/designs/${design}/vote`, {});
      expect(first).toEqual({ status: 200, body: { voteCount: 1, hasVoted: true } });
      const again = await post<VoteStatus>(bob, `/api/designs/${design}/vote`, {});
      expect(again).toEqual({ status: 200, body: { voteCount: 1, hasVoted: true } });
      expect(await storedCount(design)).toBe(1);
      // The voted state comes from the server.
      expect((await bob.json<VoteStatus>(`/api/designs/${design}/vote`)).body).toEqual({
        voteCount: 1,
        hasVoted: true,
      });
      expect((await carol.json<VoteStatus>(`/api/designs/${design}/vote`)).body).toEqual({
        voteCount: 1,
        hasVoted: false,
      });
    });

    it('tells which designs of a list the user has voted for', async () => {
      const [one, two] = [
        await createSubmittedDesign(db(), { userId: aliceId }),
        await createSubmittedDesign(db(), { userId: aliceId }),
      ];
      await post(carol, `/api/designs/${two}/vote`, {});
      const mine = await carol.json<MyVotes>(`/api/me/votes?designIds=${one},${two}`);
      expect(mine).toEqual({ status: 200, body: { designIds: [two] } });
      expect((await bob.json<MyVotes>(`/api/me/votes?designIds=${one},${two}`)).body.designIds).toEqual([]);
      expect((await bob.json(`/api/me/votes?designIds=${one},x`)).status).toBe(400);
    });

    it("refuses a vote on one's own design", async () => {
      const design = await createSubmittedDesign(db(), { userId: aliceId });
      const own = await post<VoteStatus>(alice, `/api/designs/${design}/vote`, {});
      expect(own.status).toBe(403);
      expect(own.body.message).toBe(communityMessages.ownDesignVote);
      expect(await storedCount(design)).toBe(0);
    });

    it('refuses a vote on a design not submitted, or missing, and anonymous votes', async () => {
      const pending = await createSubmittedDesign(db(), { userId: aliceId, status: 'pending_selection' });
      expect((await post(bob, `/api/designs/${pending}/vote`, {})).status).toBe(404);
      expect((await post(bob, `/api/designs/${randomUUID()}/vote`, {})).status).toBe(404);
      expect((await post(bob, `/api/designs/not-an-id/vote`, {})).status).toBe(400);
      expect((await post(bob, `/api/designs/${pending}/vote`, { voteCount: 99 })).status).toBe(400);
      const anonymous = await fetch(new URL(`/api/designs/${pending}/vote`, server.origin), {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.origin },
        body: '{}',
      });
      expect(anonymous.status).toBe(401);
      expect(await storedCount(pending)).toBe(0);
    });

    it('200 concurrent votes by one user count once', async () => {
      const design = await createSubmittedDesign(db(), { userId: aliceId });
      const replies = await Promise.all(
        Array.from({ length: 200 }, () => post<VoteStatus>(bob, `/api/designs/${design}/vote`, {})),
      );
      expect(replies.every((r) => r.status === 200 && r.body.hasVoted)).toBe(true);
      expect(await storedCount(design)).toBe(1);
    });

    it('1,000 users voting at once count 1,000, and voteCount equals the vote rows', async () => {
      const repo = createVotesRepository(db());
      const votes = createVotesService(repo);
      const design = await createSubmittedDesign(db(), { userId: aliceId });
      const voters = await createUsers(db(), 1000);
      const replies = await Promise.all(voters.map((voter) => votes.vote(design, voter)));
      expect(new Set(replies.map((r) => r.voteCount)).size).toBe(1000);
      expect(await storedCount(design)).toBe(1000);
      expect(await repo.countRows(design)).toBe(1000);
    });
  });

  describe('comments', () => {
    let design: string;
    beforeAll(async () => {
      design = await createSubmittedDesign(db(), { userId: aliceId });
    });

    it('stores the text as typed (trimmed, never escaped) and lists newest first with names', async () => {
      const typed = '<b>Nice</b> & "clean" pattern';
      const first = await post<Comment>(bob, `/api/designs/${design}/comments`, { text: `  ${typed}\n` });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        text: typed,
        userId: bobId,
        userName: 'Bob Bowman',
        designId: design,
      });
      const second = await post<Comment>(carol, `/api/designs/${design}/comments`, { text: 'Second' });
      expect(second.status).toBe(201);
      const list = await alice.json<CommentList>(`/api/designs/${design}/comments`);
      expect(list.status).toBe(200);
      expect(list.body.count).toBe(2);
      expect(list.body.comments.map((c) => c.text)).toEqual(['Second', typed]);
      expect(list.body.comments[1]).toMatchObject({ userName: 'Bob Bowman' });
    });

    it('refuses empty, whitespace-only and too long comments, and extra fields', async () => {
      for (const text of ['', '   ', ' \n\t ']) {
        const reply = await post(bob, `/api/designs/${design}/comments`, { text });
        expect(reply.status).toBe(400);
        expect(reply.body.message).toBe(communityMessages.commentEmpty);
      }
      const long = await post(bob, `/api/designs/${design}/comments`, { text: 'x'.repeat(COMMENT_MAX + 1) });
      expect(long.status).toBe(400);
      expect(long.body.message).toBe(communityMessages.commentTooLong);
      const forged = await post(bob, `/api/designs/${design}/comments`, { text: 'hi', userId: aliceId });
      expect(forged.status).toBe(400);
      const nul = await post<Comment>(bob, `/api/designs/${design}/comments`, { text: 'a\u0000b' });
      expect(nul.status).toBe(201);
      expect(nul.body.text).toBe('ab');
      await del(bob, `/api/comments/${nul.body.id}`);
    });

    it('refuses comments on designs that are not submitted', async () => {
      const pending = await createSubmittedDesign(db(), { userId: aliceId, status: 'pending_selection' });
      expect((await post(bob, `/api/designs/${pending}/comments`, { text: 'hi' })).status).toBe(404);
      expect((await bob.json(`/api/designs/${pending}/comments`)).status).toBe(404);
      expect((await post(bob, `/api/designs/${randomUUID()}/comments`, { text: 'hi' })).status).toBe(404);
    });

    it('lets the author and the design owner delete, and nobody else (404)', async () => {
      const byBob = (await post<Comment>(bob, `/api/designs/${design}/comments`, { text: 'mine' })).body;
      const byBob2 = (await post<Comment>(bob, `/api/designs/${design}/comments`, { text: 'mine too' })).body;
      expect((await del(carol, `/api/comments/${byBob.id}`)).status).toBe(404);
      expect((await del(bob, `/api/comments/${byBob.id}`)).status).toBe(204);
      expect((await del(bob, `/api/comments/${byBob.id}`)).status).toBe(404);
      expect((await del(alice, `/api/comments/${byBob2.id}`)).status).toBe(204);
      const left = (await bob.json<CommentList>(`/api/designs/${design}/comments`)).body;
      expect(left.comments.map((c) => c.id)).not.toContain(byBob.id);
      expect(left.comments.map((c) => c.id)).not.toContain(byBob2.id);
      // The design's owner is not the owner of comments on other designs.
      const bobsDesign = await createSubmittedDesign(db(), { userId: bobId });
      const byCarol = (await post<Comment>(carol, `/api/designs/${bobsDesign}/comments`, { text: 'x' })).body;
      expect((await del(alice, `/api/comments/${byCarol.id}`)).status).toBe(404);
      expect((await del(bob, `/api/comments/${byCarol.id}`)).status).toBe(204);
    });

    it("shows 'Anonymous' for a commenter without a name, and limits comments per user", async () => {
      const comments = createCommentsService(createCommentsRepository(db()));
      const nameless = await createUser(db(), { displayName: '' });
      const target = await createSubmittedDesign(db(), { userId: aliceId });
      for (let i = 0; i < 10; i++) await comments.create(target, nameless, `comment ${i}`);
      await expect(comments.create(target, nameless, 'one too many')).rejects.toMatchObject({
        statusCode: 429,
      });
      const list = (await alice.json<CommentList>(`/api/designs/${target}/comments`)).body;
      expect(list.count).toBe(10);
      expect(list.comments.every((c) => c.userName === 'Anonymous')).toBe(true);
    });
  });

  describe('gallery', () => {
    // Each test sees only the designs it creates: the gallery starts empty every time, so no
    // test depends on another's designs, on their states or on the order the tests run in.
    beforeEach(async () => {
      await db().delete(designs);
    });

    const gallery = (client: Client, query: Record<string, string | number>) =>
      client.json<GalleryPage & { message?: string }>(
        `/api/gallery?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`,
      );

    async function allPages(
      query: Record<string, string | number>,
      between?: (page: number) => Promise<void>,
    ) {
      const pages: DesignCard[][] = [];
      let cursor: string | null = null;
      do {
        const reply: Reply<GalleryPage> = await gallery(bob, cursor ? { ...query, cursor } : query);
        expect(reply.status).toBe(200);
        pages.push(reply.body.designs);
        cursor = reply.body.nextCursor;
        if (between) await between(pages.length);
      } while (cursor && pages.length < 20);
      return pages;
    }

    it('pages 30 designs with tied votes 12/12/6 without duplicates or gaps, in both sorts', async () => {
      const at = new Date('2025-06-15T12:00:00.000Z');
      const ids = new Set<string>();
      for (let i = 0; i < 30; i++) {
        // Ties on everything but the id: same votes, and ten designs per instant.
        const submittedAt = new Date(at.getTime() + Math.floor(i / 10) * 1000);
        ids.add(
          await createSubmittedDesign(db(), { userId: aliceId, state: 'WY', voteCount: 5, submittedAt }),
        );
      }
      await createSubmittedDesign(db(), { userId: aliceId, state: 'WY', status: 'pending_selection' });
      for (const sort of ['votes', 'recent']) {
        const pages = await allPages({ sort, state: 'WY' });
        expect(pages.map((p) => p.length)).toEqual([12, 12, 6]);
        const seen = pages.flat().map((d) => d.id);
        expect(new Set(seen).size).toBe(30);
        expect(new Set(seen)).toEqual(ids);
        expect(pages.flat().every((d) => d.status === 'submitted' && d.state === 'WY')).toBe(true);
      }
    });

    it('orders by votes, then newest, and never repeats a design while votes change between pages', async () => {
      const at = Date.parse('2025-07-01T00:00:00.000Z');
      const made: string[] = [];
      for (let i = 0; i < 30; i++)
        made.push(
          await createSubmittedDesign(db(), {
            userId: aliceId,
            state: 'MT',
            voteCount: i % 3,
            submittedAt: new Date(at + i * 60_000),
          }),
        );
      const votes = createVotesService(createVotesRepository(db()));
      const changed = new Set<string>();
      const voters = await createUsers(db(), 3);
      const pages = await allPages({ state: 'MT' }, async (page) => {
        if (page !== 1) return;
        // Designs already shown gain votes (they stay above the cursor), and one not yet shown
        // jumps to the top: offset paging would now repeat a design on the next page.
        for (const card of (await gallery(bob, { state: 'MT' })).body.designs.slice(0, 3))
          for (const voter of voters) await votes.vote(card.id, voter);
        const unseen = made[0]!;
        for (const voter of voters) await votes.vote(unseen, voter);
        changed.add(unseen);
      });
      const seen = pages.flat().map((d) => d.id);
      expect(new Set(seen).size).toBe(seen.length);
      // Every design whose place did not move is shown exactly once.
      for (const id of made) if (!changed.has(id)) expect(seen).toContain(id);
      // The first page itself is in (votes desc, newest first) order.
      const first = pages[0]!;
      for (let i = 1; i < first.length; i++) {
        const [a, b] = [first[i - 1]!, first[i]!];
        expect(a.voteCount > b.voteCount || (a.voteCount === b.voteCount && a.createdAt >= b.createdAt)).toBe(
          true,
        );
      }
    });

    it('filters by state, year and month in UTC', async () => {
      const mk = (iso: string) =>
        createSubmittedDesign(db(), { userId: aliceId, state: 'VT', submittedAt: new Date(iso) });
      const march = await mk('2025-03-31T23:30:00.000Z');
      const april = await mk('2025-04-01T00:30:00.000Z');
      const april2024 = await mk('2024-04-15T12:00:00.000Z');
      const ids = async (query: Record<string, string | number>) =>
        (await gallery(bob, { state: 'vt', ...query })).body.designs.map((d) => d.id).sort();
      expect(await ids({ year: 2025, month: 4 })).toEqual([april]);
      expect(await ids({ year: 2025, month: 3 })).toEqual([march]);
      expect(await ids({ month: 4 })).toEqual([april, april2024].sort());
      expect(await ids({ year: 2025 })).toEqual([march, april].sort());
      expect(await ids({ year: 2023 })).toEqual([]);
      expect(await ids({})).toEqual([march, april, april2024].sort());
      expect((await gallery(bob, { month: 13 })).status).toBe(400);
      expect((await gallery(bob, { state: 'Vermont' })).status).toBe(400);
    });

    it("searches design and designer names, with '%' and '_' taken literally", async () => {
      const zed = await createUser(db(), { displayName: 'Zed Q_Smith' });
      const percent = await createSubmittedDesign(db(), { userId: aliceId, state: 'ND', name: '100% Oak' });
      await createSubmittedDesign(db(), { userId: aliceId, state: 'ND', name: 'Oak 100 Ridge' });
      const byZed = await createSubmittedDesign(db(), { userId: zed, state: 'ND', name: 'Marsh' });
      const ids = async (q: string) => (await gallery(bob, { state: 'ND', q })).body.designs.map((d) => d.id);
      expect(await ids('100%')).toEqual([percent]);
      expect(await ids('%')).toEqual([percent]);
      expect(await ids('q_smith')).toEqual([byZed]);
      expect(await ids('_')).toEqual([byZed]);
      expect((await ids('oak')).length).toBe(2);
      expect(await ids('\u0000100%')).toEqual([percent]);
      const card = (await gallery(bob, { state: 'ND', q: 'marsh' })).body.designs[0];
      expect(card).toMatchObject({ designerName: 'Zed Q_Smith', name: 'Marsh', county: 'Travis' });
      expect(card?.imageUrl).toMatch(/^\/files\/ai_gen\//);
    });

    it('answers a bad cursor with 400, never 500', async () => {
      // One more than a page, so the first page has a next cursor.
      for (let i = 0; i <= limits.galleryPageSize; i++)
        await createSubmittedDesign(db(), { userId: aliceId, state: 'OR', voteCount: i % 2 });
      const first = (await gallery(bob, { sort: 'votes' })).body;
      const garbage = [
        'not-base64!!',
        Buffer.from('{"s":"votes"}').toString('base64url'),
        Buffer.from('[1,2,3]').toString('base64url'),
        Buffer.from(
          JSON.stringify({ s: 'votes', v: 1, t: "2025-01-01'; drop table designs;--", id: 'x' }),
        ).toString('base64url'),
        Buffer.from(JSON.stringify({ s: 'votes', v: 1, t: '2025-99-99T99:99:99.000000Z', id: 'x' })).toString(
          'base64url',
        ),
        'x'.repeat(600),
        Buffer.from(
          JSON.stringify({ s: 'votes', v: 1, t: '2025-01-01T00:00:00.000000Z', id: 'a\u0000b' }),
        ).toString('base64url'),
        Buffer.from(
          JSON.stringify({ s: 'votes', v: -1, t: '2025-01-01T00:00:00.000000Z', id: 'a' }),
        ).toString('base64url'),
      ];
      for (const cursor of garbage) {
        const reply = await gallery(bob, { sort: 'votes', cursor });
        expect(reply.status, cursor).toBe(400);
      }
      // A cursor from one sort is not a place in the other.
      expect(first.nextCursor).toBeTruthy();
      const other = await gallery(bob, { sort: 'recent', cursor: first.nextCursor! });
      expect(other.status).toBe(400);
      expect(other.body.message).toBe(communityMessages.badCursor);
    });

    it('counts submitted designs per state', async () => {
      const before = (await bob.json<GalleryStates>('/api/gallery/states')).body.states;
      const count = (states: GalleryStates['states'], state: string) =>
        states.find((s) => s.state === state)?.count ?? 0;
      for (let i = 0; i < 30; i++) await createSubmittedDesign(db(), { userId: aliceId, state: 'WY' });
      await createSubmittedDesign(db(), { userId: aliceId, state: 'WY', status: 'pending_selection' });
      const between = (await bob.json<GalleryStates>('/api/gallery/states')).body.states;
      await createSubmittedDesign(db(), { userId: aliceId, state: 'HI' });
      await createSubmittedDesign(db(), { userId: aliceId, state: 'HI' });
      await createSubmittedDesign(db(), { userId: aliceId, state: 'HI', status: 'pending_selection' });
      const after = (await bob.json<GalleryStates>('/api/gallery/states')).body.states;
      expect(before).toEqual([]);
      expect(count(after, 'HI') - count(between, 'HI')).toBe(2);
      expect(count(after, 'WY')).toBe(30);
      expect(after.map((s) => s.state).sort()).toEqual(['HI', 'WY']);
    });

    it('tells each viewer which cards they have voted for', async () => {
      const voted = await createSubmittedDesign(db(), { userId: aliceId, state: 'VT', name: 'Voted Card' });
      const other = await createSubmittedDesign(db(), { userId: aliceId, state: 'VT', name: 'Other Card' });
      await post(bob, `/api/designs/${voted}/vote`, {});
      const byId = (page: GalleryPage) => new Map(page.designs.map((d) => [d.id, d.hasVoted]));
      const bobs = byId((await gallery(bob, { state: 'VT', sort: 'recent' })).body);
      expect([bobs.get(voted), bobs.get(other)]).toEqual([true, false]);
      const carols = byId((await gallery(carol, { state: 'VT', sort: 'recent' })).body);
      expect([carols.get(voted), carols.get(other)]).toEqual([false, false]);
    });
  });
  it('asks anonymous callers to sign in on every community endpoint, and documents them', async () => {
    const id = await createSubmittedDesign(db(), { userId: aliceId });
    const calls: [string, string][] = [
      ['POST', `/api/designs/${id}/vote`],
      ['GET', `/api/designs/${id}/vote`],
      ['GET', `/api/me/votes?designIds=${id}`],
      ['GET', `/api/designs/${id}/comments`],
      ['POST', `/api/designs/${id}/comments`],
      ['DELETE', `/api/comments/${randomUUID()}`],
      ['GET', '/api/gallery'],
      ['GET', '/api/gallery/states'],
    ];
    for (const [method, path] of calls) {
      const response = await fetch(new URL(path, server.origin), {
        method,
        headers: { 'content-type': 'application/json', origin: server.origin },
        body:
          method === 'GET'
            ? undefined
            : JSON.stringify(method === 'POST' && path.endsWith('comments') ? { text: 'hi' } : {}),
      });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
    const doc = (await (await fetch(new URL('/api/docs/json', server.origin))).json()) as {
      paths: Record<string, unknown>;
    };
    for (const path of [
      '/api/designs/{id}/vote',
      '/api/designs/{id}/comments',
      '/api/comments/{id}',
      '/api/gallery',
      '/api/gallery/states',
      '/api/me/votes',
    ])
      expect(doc.paths[path], path).toBeDefined();
  });

  describe('hostile input (property-based): a 2xx or a 4xx, never a 5xx', () => {
    let fuzzy: Client;
    let target: string;
    beforeAll(async () => {
      fuzzy = await signIn(server.origin, { name: 'Fuzzy Tester', email: 'fuzzy@example.com' });
      target = await createSubmittedDesign(db(), { userId: aliceId });
    });

    const hostile = fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme', maxLength: 80 }),
      fc.constantFrom(
        "' OR 1=1 --",
        '%',
        '_',
        '\\',
        '\u0000',
        '%00',
        '<script>',
        '\uFEFF',
        'NaN',
        '-1',
        '1e9',
      ),
    );
    const expectNoServerError = async (response: Response) => {
      expect(response.status).toBeLessThan(500);
      if (response.status >= 400)
        expect(typeof ((await response.json()) as { message?: unknown }).message).toBe('string');
    };

    it('GET /api/gallery with any query', async () => {
      const query = fc.dictionary(
        fc.constantFrom('sort', 'state', 'year', 'month', 'q', 'cursor', 'other'),
        hostile,
      );
      await fc.assert(
        fc.asyncProperty(query, async (params) => {
          await expectNoServerError(
            await fuzzy.fetch(`/api/gallery?${new URLSearchParams(params).toString()}`),
          );
        }),
        { numRuns: 150 },
      );
    });

    it('POST comments and votes with any body, and GET /api/me/votes with any ids', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(fc.record({ text: hostile }), fc.anything()),
          hostile,
          async (body, ids) => {
            const json = JSON.stringify(body) ?? 'null';
            const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: json };
            await expectNoServerError(await fuzzy.fetch(`/api/designs/${target}/comments`, init));
            await expectNoServerError(await fuzzy.fetch(`/api/designs/${target}/vote`, init));
            await expectNoServerError(
              await fuzzy.fetch(`/api/me/votes?${new URLSearchParams({ designIds: ids }).toString()}`),
            );
          },
        ),
        { numRuns: 100 },
      );
    });
  });
});
