import type { Design } from '@camo/shared/generation.schema';
import type { CommentList, GalleryPage, GalleryStates } from '@camo/shared/community.schema';
import type { ContestStandings } from '@camo/shared/contest.schema';
import {
  moderationMessages,
  type ModerationLog,
  type MyReportList,
  type Queue,
} from '@camo/shared/moderation.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationLog } from '../src/platform/db/schema.js';
import { createSubmittedDesign } from './support/community-factory.js';
import { signIn, type Client } from './support/dev-sign-in.js';
import { backends, startTestServer, type TestServer } from './support/test-server.js';

type Reply<T> = { status: number; body: T & { message?: string } };

describe.each(backends)('reports and moderation (%s)', (backend) => {
  let server: TestServer;
  let moderator: Client;
  let alice: Client;
  let bob: Client;
  let carol: Client;
  let moderatorId: string;
  let aliceId: string;
  let bobId: string;

  beforeAll(async () => {
    server = await startTestServer(backend, { ADMIN_EMAILS: ' Mod@Example.com ,other-mod@example.com' });
    moderator = await signIn(server.origin, { name: 'Morgan Mod', email: 'mod@example.com' });
    alice = await signIn(server.origin, { name: 'Alice Archer', email: 'alice@example.com' });
    bob = await signIn(server.origin, { name: 'Bob Bowman', email: 'bob@example.com' });
    carol = await signIn(server.origin, { name: 'Carol Crane', email: 'carol@example.com' });
    moderatorId = (await moderator.json<{ id: string }>('/api/me')).body.id;
    aliceId = (await alice.json<{ id: string }>('/api/me')).body.id;
    bobId = (await bob.json<{ id: string }>('/api/me')).body.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.database.db;
  const post = <T = unknown>(client: Client, path: string, body: unknown): Promise<Reply<T>> =>
    client.json<T & { message?: string }>(path, { method: 'POST', body: JSON.stringify(body) });
  const report = (client: Client, targetType: 'design' | 'comment', targetId: string, reason = 'spam') =>
    post(client, '/api/reports', { targetType, targetId, reason });
  const galleryIds = async (client: Client) =>
    (await client.json<GalleryPage>('/api/gallery?sortBy=recent')).body.designs.map((d) => d.id);

  it('tells who moderates, from the verified e-mail in ADMIN_EMAILS (case and spaces aside)', async () => {
    expect((await moderator.json<{ moderator: boolean }>('/api/me')).body.moderator).toBe(true);
    expect((await alice.json<{ moderator: boolean }>('/api/me')).body.moderator).toBe(false);
  });

  it('keeps the queue, the log and every action to moderators', async () => {
    const design = await createSubmittedDesign(db(), { userId: aliceId });
    for (const path of ['/api/admin/reports', '/api/admin/log', '/api/admin/blocked']) {
      const asMember = await alice.json(path);
      expect(asMember.status).toBe(403);
      expect((asMember.body as { message: string }).message).toBe(moderationMessages.adminOnly);
      expect((await fetch(`${server.origin}${path}`)).status).toBe(401);
    }
    const hide = await post(bob, `/api/admin/designs/${design}/hide`, { reason: 'I do not like it' });
    expect(hide.status).toBe(403);
    expect(await galleryIds(bob)).toContain(design);
  });

  it('takes one report per person and item, never on their own or invisible content', async () => {
    const design = await createSubmittedDesign(db(), { userId: aliceId });
    expect((await report(bob, 'design', design)).status).toBe(204);
    const again = await report(bob, 'design', design, 'offensive');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(moderationMessages.alreadyReported);
    const own = await report(alice, 'design', design);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(moderationMessages.reportOwn);
    const draft = await createSubmittedDesign(db(), { userId: aliceId, status: 'pending_selection' });
    expect((await report(bob, 'design', draft)).status).toBe(404);
    expect((await report(bob, 'design', crypto.randomUUID())).status).toBe(404);
    // "Something else" needs words; unknown reasons and extra fields are refused.
    const vague = await post(bob, '/api/reports', {
      targetType: 'design',
      targetId: design,
      reason: 'other',
    });
    expect(vague.status).toBe(400);
    expect(vague.body.message).toBe(moderationMessages.reportDetailsRequired);
    const forged = await post(bob, '/api/reports', {
      targetType: 'design',
      targetId: design,
      reason: 'spam',
      status: 'hidden',
    });
    expect(forged.status).toBe(400);
    expect((await report(carol, 'design', design, 'made-up')).status).toBe(400);
  });

  it('hides a reported design from the gallery, its counts, votes, comments and the contest; tells reporters', async () => {
    const design = await createSubmittedDesign(db(), { userId: aliceId, state: 'WY', name: 'Sagebrush' });
    expect((await post(carol, `/api/designs/${design}/vote`, {})).status).toBe(200);
    expect((await report(bob, 'design', design, 'offensive')).status).toBe(204);
    expect(
      (
        await post(carol, '/api/reports', {
          targetType: 'design',
          targetId: design,
          reason: 'other',
          details: 'Looks copied from a brand <script>',
        })
      ).status,
    ).toBe(204);

    const queue = await moderator.json<Queue>('/api/admin/reports');
    const item = queue.body.items.find((i) => i.targetId === design);
    expect(item?.reports.map((r) => r.reason).sort()).toEqual(['offensive', 'other']);
    expect(item?.author).toEqual({ id: aliceId, displayName: 'Alice Archer', blocked: false });
    expect(item?.text).toBe('Sagebrush');

    const wyoming = async () =>
      (await bob.json<GalleryStates>('/api/gallery/states')).body.states.find((s) => s.state === 'WY')
        ?.count ?? 0;
    const before = await wyoming();
    const standingIds = async () =>
      (await bob.json<ContestStandings>('/api/contest/standings')).body.standings.map((s) => s.designId);
    expect(await standingIds()).toContain(design);

    const noReason = await post(moderator, `/api/admin/designs/${design}/hide`, { reason: '   ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe(moderationMessages.reasonRequired);
    expect(
      (await post(moderator, `/api/admin/designs/${design}/hide`, { reason: 'Brand logo' })).status,
    ).toBe(204);

    expect(await galleryIds(bob)).not.toContain(design);
    expect(await wyoming()).toBe(before - 1);
    expect(await standingIds()).not.toContain(design);
    expect((await bob.json(`/api/designs/${design}`)).status).toBe(404);
    expect((await post(bob, `/api/designs/${design}/vote`, {})).status).toBe(404);
    expect((await post(bob, `/api/designs/${design}/comments`, { text: 'hello' })).status).toBe(404);
    // Its owner still sees it, and why.
    const own = await alice.json<Design>(`/api/designs/${design}`);
    expect(own.body).toMatchObject({ status: 'hidden', hiddenReason: 'Brand logo' });
    // ... and cannot put it back by submitting again.
    expect(
      (await post(alice, `/api/designs/${design}/submit`, { name: 'Again', finalDesignChoice: 'original' }))
        .status,
    ).not.toBe(200);

    for (const reporter of [bob, carol]) {
      const mine = await reporter.json<MyReportList>('/api/me/reports');
      const entry = mine.body.reports.find((r) => r.targetId === design);
      expect(entry).toMatchObject({ status: 'hidden', targetLabel: 'Sagebrush' });
      expect(entry?.resolvedAt).not.toBeNull();
    }
    const queueAfter = await moderator.json<Queue>('/api/admin/reports');
    expect(queueAfter.body.items.some((i) => i.targetId === design)).toBe(false);

    const log = await moderator.json<ModerationLog>('/api/admin/log');
    expect(log.body.actions[0]).toMatchObject({
      action: 'hide_design',
      targetId: design,
      reason: 'Brand logo',
      adminId: moderatorId,
      adminName: 'Morgan Mod',
    });

    // Restored, it is back everywhere.
    expect(
      (await post(moderator, `/api/admin/designs/${design}/restore`, { reason: 'Logo was generic' })).status,
    ).toBe(204);
    expect(await galleryIds(bob)).toContain(design);
    expect((await bob.json(`/api/designs/${design}`)).status).toBe(200);
  });

  it('hides a comment from its list and its count', async () => {
    const design = await createSubmittedDesign(db(), { userId: aliceId });
    const rude = await post<{ id: string }>(bob, `/api/designs/${design}/comments`, { text: 'rude words' });
    await post(carol, `/api/designs/${design}/comments`, { text: 'Nice pattern' });
    expect((await report(alice, 'comment', rude.body.id, 'harassment')).status).toBe(204);
    expect((await report(bob, 'comment', rude.body.id)).status).toBe(403);

    expect(
      (await post(moderator, `/api/admin/comments/${rude.body.id}/hide`, { reason: 'Insults' })).status,
    ).toBe(204);
    const list = await carol.json<CommentList>(`/api/designs/${design}/comments`);
    expect(list.body.count).toBe(1);
    expect(list.body.comments.map((c) => c.text)).toEqual(['Nice pattern']);
    const mine = await alice.json<MyReportList>('/api/me/reports');
    expect(mine.body.reports.find((r) => r.targetId === rude.body.id)).toMatchObject({
      status: 'hidden',
      targetLabel: '“rude words”',
    });
    // A hidden comment cannot be reported again.
    expect((await report(carol, 'comment', rude.body.id)).status).toBe(404);
  });

  it('dismisses reports and leaves the content up; the reporter is told', async () => {
    const design = await createSubmittedDesign(db(), { userId: aliceId });
    await report(bob, 'design', design);
    const dismiss = await post(moderator, '/api/admin/reports/dismiss', {
      targetType: 'design',
      targetId: design,
      reason: 'Within the rules',
    });
    expect(dismiss.status).toBe(204);
    expect(await galleryIds(carol)).toContain(design);
    const mine = await bob.json<MyReportList>('/api/me/reports');
    expect(mine.body.reports.find((r) => r.targetId === design)?.status).toBe('dismissed');
    const twice = await post(moderator, '/api/admin/reports/dismiss', {
      targetType: 'design',
      targetId: design,
      reason: 'Within the rules',
    });
    expect(twice.status).toBe(409);
  });

  it('blocks a person from posting, voting, reporting and generating, until unblocked', async () => {
    const design = await createSubmittedDesign(db(), { userId: aliceId });
    const dave = await signIn(server.origin, { name: 'Dave Drake', email: 'dave@example.com' });
    const daveId = (await dave.json<{ id: string }>('/api/me')).body.id;
    expect(
      (await post(moderator, `/api/admin/users/${daveId}/block`, { reason: 'Spam comments' })).status,
    ).toBe(204);

    const refused = [
      await post(dave, `/api/designs/${design}/vote`, {}),
      await post(dave, `/api/designs/${design}/comments`, { text: 'buy now' }),
      await report(dave, 'design', design),
      await dave.json('/api/me', { method: 'PATCH', body: JSON.stringify({ zipCode: '85001' }) }),
      await dave
        .fetch('/api/generations', {
          method: 'POST',
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
          body: '--x--\r\n',
        })
        .then(async (response) => ({ status: response.status, body: (await response.json()) as unknown })),
    ];
    for (const reply of refused) {
      expect(reply.status).toBe(403);
      expect((reply.body as { message: string }).message).toBe(moderationMessages.blocked);
    }
    // Reading goes on, and the person is told.
    expect((await dave.json<{ blocked: boolean }>('/api/me')).body.blocked).toBe(true);
    expect((await dave.json('/api/gallery')).status).toBe(200);
    expect(
      (await moderator.json<{ users: { id: string }[] }>('/api/admin/blocked')).body.users.map((u) => u.id),
    ).toContain(daveId);
    const self = await post(moderator, `/api/admin/users/${moderatorId}/block`, { reason: 'Testing' });
    expect(self.status).toBe(403);

    expect((await post(moderator, `/api/admin/users/${daveId}/unblock`, { reason: 'Appealed' })).status).toBe(
      204,
    );
    expect((await post(dave, `/api/designs/${design}/vote`, {})).status).toBe(200);
    expect((await dave.json<{ blocked: boolean }>('/api/me')).body.blocked).toBe(false);
  });

  it('lets one of two moderators hiding at once win, with one log entry', async () => {
    const design = await createSubmittedDesign(db(), { userId: bobId });
    const other = await signIn(server.origin, { name: 'Other Mod', email: 'other-mod@example.com' });
    const replies = await Promise.all([
      post(moderator, `/api/admin/designs/${design}/hide`, { reason: 'first' }),
      post(other, `/api/admin/designs/${design}/hide`, { reason: 'second' }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([204, 409]);
    const entries = await db().select().from(moderationLog).where(eq(moderationLog.targetId, design));
    expect(entries).toHaveLength(1);
  });
});
