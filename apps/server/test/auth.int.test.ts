import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devAccounts, sessions, users } from '../src/platform/db/schema.js';
import { createClient, finishSignIn, follow, signIn, startDevSignIn } from './support/dev-sign-in.js';
import { backends, startTestServer, testClock, type TestServer } from './support/test-server.js';

describe.each(backends)('sign-in through the development provider (%s)', (backend) => {
  let server: TestServer;
  const clock = testClock();
  beforeAll(async () => {
    server = await startTestServer(backend, {}, { now: clock.now });
  });
  afterAll(async () => {
    await server?.close();
  });

  const memberCount = async () => {
    const { body } = await createClient(server.origin).json<{ count: number }>('/api/members/count');
    return body.count;
  };

  it('creates the user on first sign-in and counts a member once', async () => {
    const before = await memberCount();
    const client = await signIn(server.origin, { name: '  Buck   Hunter ', email: 'buck@example.com' });
    expect(await memberCount()).toBe(before + 1);

    const me = await client.json<Record<string, unknown>>('/api/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      displayName: 'Buck Hunter',
      email: 'buck@example.com',
      allowPromo: false,
    });
    const firstSignIn = me.body.lastSignIn as string;
    const createdAt = me.body.createdAt as string;

    // A returning account whose name at the provider has changed since: no new member, same
    // record, the name the site knows kept (the provider's is only the first one's), a later
    // lastSignIn, stamped by the services' clock (moved on an hour instead of waiting).
    await server.database.db
      .update(devAccounts)
      .set({ name: 'Buckley Provider-Name' })
      .where(eq(devAccounts.email, 'buck@example.com'));
    clock.advance(60 * 60_000);
    const secondSignInAt = clock.now().getTime();
    const again = await signIn(server.origin, { name: 'Buckley Provider-Name', email: 'buck@example.com' });
    expect(await memberCount()).toBe(before + 1);
    const meAgain = await again.json<Record<string, unknown>>('/api/me');
    expect(meAgain.body.id).toBe(me.body.id);
    expect(meAgain.body.createdAt).toBe(createdAt);
    expect(meAgain.body.displayName).toBe('Buck Hunter');
    const lastSignIn = new Date(meAgain.body.lastSignIn as string).getTime();
    expect(lastSignIn).toBeGreaterThanOrEqual(new Date(firstSignIn).getTime() + 60 * 60_000);
    expect(lastSignIn).toBeGreaterThanOrEqual(secondSignInAt);
  });

  it('makes an account only at sign-up, with the terms recorded; a new person signing in on /login gets none', async () => {
    const before = await memberCount();
    const account = { name: 'Terms Unread', email: 'terms-unread@example.com' };
    const steps = await startDevSignIn(server.origin, account, undefined, {
      signUp: false,
      errorCallbackURL: '/login?from=google',
    });
    const done = await finishSignIn(steps);
    const location = new URL(done.headers.get('location') ?? '', server.origin);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toBe('signup_disabled');
    expect(steps.client.jar.get('camo.session_token')).toBeUndefined();
    expect(await server.database.db.select().from(users).where(eq(users.email, account.email))).toEqual([]);
    expect(await memberCount()).toBe(before);

    // The same person through /signup (requestSignUp, sent once its box is ticked).
    const startedAt = Date.now();
    const client = await signIn(server.origin, account);
    expect((await client.json('/api/me')).status).toBe(200);
    const [row] = await server.database.db.select().from(users).where(eq(users.email, account.email));
    expect(row!.termsAcceptedAt!.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(await memberCount()).toBe(before + 1);

    // Signing in again, from /login, is a sign-in: the agreement is not moved.
    const again = await startDevSignIn(server.origin, account, undefined, { signUp: false });
    expect((await finishSignIn(again)).headers.get('location')).not.toMatch(/error/);
    const [same] = await server.database.db.select().from(users).where(eq(users.email, account.email));
    expect(same!.termsAcceptedAt).toEqual(row!.termsAcceptedAt);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const steps = await startDevSignIn(server.origin, { name: 'Cookie Check', email: 'cookie@example.com' });
    const done = await finishSignIn(steps);
    const sessionCookie = done.headers.getSetCookie().find((c) => c.startsWith('camo.session_token='));
    expect(sessionCookie).toBeDefined();
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(new URL(done.headers.get('location') ?? '', server.origin).href).toBe(`${server.origin}/profile`);
  });

  it('gives a new session id at sign-in, even to a browser that arrives holding one (no fixation)', async () => {
    const client = createClient(server.origin);
    // An id planted in the browser beforehand (by an attacker, or left from an earlier session).
    client.jar.set('camo.session_token', 'planted-session-id');
    await finishSignIn(
      await startDevSignIn(server.origin, { name: 'Fix Ation', email: 'fix@example.com' }, client),
    );
    const first = client.jar.get('camo.session_token');
    expect(first).toBeDefined();
    expect(first).not.toContain('planted-session-id');
    expect((await client.json('/api/me')).status).toBe(200);
    // Signing in again in the same browser gives yet another id.
    await finishSignIn(
      await startDevSignIn(server.origin, { name: 'Fix Ation', email: 'fix@example.com' }, client),
    );
    const second = client.jar.get('camo.session_token');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect((await client.json('/api/me')).status).toBe(200);
  });

  it('knows people by issuer and subject, never by e-mail address', async () => {
    const ivy = await signIn(server.origin, { name: 'Ivy Subject', email: 'ivy@example.com' });
    const me = (await ivy.json<{ id: string }>('/api/me')).body;
    // The provider now reports another e-mail address for the same subject: the same person.
    await server.database.db
      .update(devAccounts)
      .set({ email: 'ivy.new@example.com' })
      .where(eq(devAccounts.email, 'ivy@example.com'));
    const renamed = await signIn(server.origin, { name: 'Ivy Subject', email: 'ivy.new@example.com' });
    expect((await renamed.json<{ id: string }>('/api/me')).body.id).toBe(me.id);
    // Another subject that claims Ivy's address is not let into Ivy's account.
    const other = await startDevSignIn(server.origin, { name: 'Not Ivy', email: 'ivy@example.com' });
    await finishSignIn(other);
    const them = await other.client.json<{ id: string }>('/api/me');
    if (them.status === 200) expect(them.body.id).not.toBe(me.id);
    else expect(them.status).toBe(401);
  });

  it('refuses a replayed callback', async () => {
    const steps = await startDevSignIn(server.origin, { name: 'Replay One', email: 'replay@example.com' });
    const first = await finishSignIn(steps);
    expect(first.headers.get('location')).not.toMatch(/error/);
    const attacker = createClient(server.origin);
    const replay = await attacker.fetch(steps.callbackUrl.pathname + steps.callbackUrl.search);
    expect(replay.headers.get('location') ?? '').toMatch(/error/);
    expect(attacker.jar.get('camo.session_token')).toBeUndefined();
    // Even with the original browser's cookies, the spent state and code do not work twice.
    const sameBrowser = await steps.client.fetch(steps.callbackUrl.pathname + steps.callbackUrl.search);
    expect(sameBrowser.headers.get('location') ?? '').toMatch(/error/);
  });

  it('refuses a callback whose state was tampered with', async () => {
    const steps = await startDevSignIn(server.origin, { name: 'State Tamper', email: 'state@example.com' });
    const forged = new URL(steps.callbackUrl);
    forged.searchParams.set('state', 'forged-state-value-0000000000000');
    const response = await steps.client.fetch(forged.pathname + forged.search);
    expect(response.headers.get('location') ?? '').toMatch(/error/);
    expect(steps.client.jar.get('camo.session_token')).toBeUndefined();
  });

  it('refuses a code redeemed with another flow’s PKCE verifier', async () => {
    // Two sign-ins in two browsers; the code of the first is presented with the state (and so
    // the stored PKCE verifier) of the second. The provider must refuse the exchange.
    const a = await startDevSignIn(server.origin, { name: 'Pkce Alpha', email: 'pkce@example.com' });
    const b = await startDevSignIn(server.origin, { name: 'Pkce Alpha', email: 'pkce@example.com' });
    const client = b.client;
    const mixed = new URL(b.callbackUrl);
    mixed.searchParams.set('code', a.callbackUrl.searchParams.get('code') ?? '');
    const response = await client.fetch(mixed.pathname + mixed.search);
    expect(response.headers.get('location') ?? '').toMatch(/error/);
    expect(client.jar.get('camo.session_token')).toBeUndefined();
  });

  it('refuses an ID token whose nonce does not match', async () => {
    const client = createClient(server.origin);
    const start = await client.json<{ url: string }>('/api/auth/sign-in/social', {
      method: 'POST',
      body: JSON.stringify({ provider: 'dev-oidc', callbackURL: '/profile' }),
    });
    const authorizationUrl = new URL(start.body.url);
    authorizationUrl.searchParams.set('nonce', 'attacker-chosen-nonce-00000000000');
    const chooser = await follow(
      client,
      await client.fetch(authorizationUrl.pathname + authorizationUrl.search),
    );
    const uid = /interaction\/([^/?]+)/.exec(chooser.url.pathname)?.[1];
    const created = await client.fetch(`/dev-oidc/interaction/${uid}/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        name: 'Nonce Tamper',
        email: 'nonce@example.com',
        avatarUrl: '',
      }).toString(),
    });
    const back = await follow(client, created, (url) => url.pathname.startsWith('/api/auth/callback/'));
    const response = await client.fetch(back.url.pathname + back.url.search);
    expect(response.headers.get('location') ?? '').toMatch(/error/);
    expect(client.jar.get('camo.session_token')).toBeUndefined();
  });

  it('only redirects to our own origin after sign-in', async () => {
    const client = createClient(server.origin);
    const start = await client.json('/api/auth/sign-in/social', {
      method: 'POST',
      body: JSON.stringify({ provider: 'dev-oidc', callbackURL: 'https://evil.example/steal' }),
    });
    expect(start.status).toBe(403);
  });

  it('deletes the session on sign-out, server-side', async () => {
    const client = await signIn(server.origin, { name: 'Sign Out', email: 'signout@example.com' });
    const stolenCookie = client.jar.header();
    const me = await client.json<{ id: string }>('/api/me');
    const before = await server.database.db.select().from(sessions).where(eq(sessions.userId, me.body.id));
    expect(before.length).toBeGreaterThan(0);

    const out = await client.json('/api/auth/sign-out', { method: 'POST', body: '{}' });
    expect(out.status).toBe(200);
    const after = await server.database.db.select().from(sessions).where(eq(sessions.userId, me.body.id));
    expect(after.length).toBe(before.length - 1);

    const replay = await fetch(`${server.origin}/api/me`, { headers: { cookie: stolenCookie } });
    expect(replay.status).toBe(401);
  });

  it('expires a session past its absolute lifetime however active', async () => {
    const client = await signIn(server.origin, { name: 'Old Session', email: 'old@example.com' });
    // Asked through better-auth's own endpoint, so the API has not seen (and kept) the session
    // before it is aged here by hand; a session the API keeps is aged by the clock, which it
    // checks on every use (session.test.ts).
    const me = { body: (await client.json<{ user: { id: string } }>('/api/auth/get-session')).body.user };
    await server.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where(eq(sessions.userId, me.body.id));
    expect((await client.json('/api/me')).status).toBe(401);
    const left = await server.database.db.select().from(sessions).where(eq(sessions.userId, me.body.id));
    expect(left).toHaveLength(0);
  });

  it('refuses the e-mail link endpoints while the feature is off', async () => {
    const client = createClient(server.origin);
    const send = await client.json<{ message: string }>('/api/auth/sign-in/magic-link', {
      method: 'POST',
      body: JSON.stringify({ email: 'someone@example.com' }),
    });
    expect(send.status).toBe(403);
    expect(server.sentLinks).toHaveLength(0);
    const rows = await server.database.db.select().from(users).where(eq(users.email, 'someone@example.com'));
    expect(rows).toHaveLength(0);
  });
});

describe.each(backends)('e-mail link sign-in when switched on (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { EMAIL_LINK_ENABLED: 'true' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('spends the token only on explicit confirmation with the matching e-mail', async () => {
    const client = createClient(server.origin);
    const send = await client.json('/api/auth/sign-in/magic-link', {
      method: 'POST',
      body: JSON.stringify({
        email: 'link@example.com',
        callbackURL: '/profile',
        metadata: { signUp: true },
      }),
    });
    expect(send.status).toBe(200);
    const link = server.sentLinks.at(-1);
    expect(link?.email).toBe('link@example.com');
    const token = new URL(link!.url).searchParams.get('link')!;
    // Asked for on /signup (its terms box ticked): the link opens /signup.
    expect(new URL(link!.url).pathname).toBe('/signup');

    // A mail scanner "opening" the verify endpoint spends nothing.
    const scanner = await fetch(`${server.origin}/api/auth/magic-link/verify?token=${token}`);
    expect(scanner.status).toBe(405);

    const noEmail = await client.json<{ message: string }>('/api/auth/magic-link/confirm', {
      method: 'POST',
      body: JSON.stringify({ token, email: '' }),
    });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.message).toBe('Email is required to complete sign-in.');

    const wrong = await client.json('/api/auth/magic-link/confirm', {
      method: 'POST',
      body: JSON.stringify({ token, email: 'other@example.com' }),
    });
    expect(wrong.status).toBe(400);

    const ok = await client.json('/api/auth/magic-link/confirm', {
      method: 'POST',
      body: JSON.stringify({ token, email: 'LINK@example.com', signUp: true }),
    });
    expect(ok.status).toBe(200);
    const [row] = await server.database.db.select().from(users).where(eq(users.email, 'link@example.com'));
    expect(row!.termsAcceptedAt).toBeInstanceOf(Date);
    const me = await client.json<{ email: string }>('/api/me');
    expect(me.body.email).toBe('link@example.com');

    const again = await createClient(server.origin).json('/api/auth/magic-link/confirm', {
      method: 'POST',
      body: JSON.stringify({ token, email: 'link@example.com' }),
    });
    expect(again.status).toBe(400);
  });

  it('a link asked for on /login makes no account for a new e-mail: it says to sign up first', async () => {
    const client = createClient(server.origin);
    await client.json('/api/auth/sign-in/magic-link', {
      method: 'POST',
      body: JSON.stringify({ email: 'nobody-yet@example.com', callbackURL: '/profile' }),
    });
    const link = server.sentLinks.at(-1)!;
    expect(new URL(link.url).pathname).toBe('/login');
    const token = new URL(link.url).searchParams.get('link')!;
    const refused = await client.json<{ error: string; message: string }>('/api/auth/magic-link/confirm', {
      method: 'POST',
      body: JSON.stringify({ token, email: 'nobody-yet@example.com' }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: 'sign_up_first',
      message:
        'There is no account for that sign-in yet. Sign up first: you must agree to the Terms of Service and Privacy Policy.',
    });
    expect(
      await server.database.db.select().from(users).where(eq(users.email, 'nobody-yet@example.com')),
    ).toEqual([]);
  });
});
