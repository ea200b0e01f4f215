import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../src/platform/auth/auth.js';
import { SESSION_ABSOLUTE_MS } from '../src/platform/auth/auth-gateway.js';
import { sessions } from '../src/platform/db/schema.js';
import { createClient, signIn, type Client } from './support/dev-sign-in.js';
import { backends, startTestServer, type TestServer } from './support/test-server.js';

// Issue 6, item 8: fixes found in review of what had landed.

const DAY_MS = 24 * 60 * 60 * 1000;
/** Percent-encoded spellings of /api/me that Fastify's router decodes to the same route. */
const DISGUISED_ME = ['/%61pi/me', '/%61%70%69/me', '/api/%6De', '/%61pi/%6d%65'];

describe.each(backends)('review fixes (%s)', (backend) => {
  let server: TestServer;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'camo-web-'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>camo</title><div id="root"></div>');
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1);');
    server = await startTestServer(backend, {
      WEB_DIST_DIR: webDir,
      // Google configured with fake credentials (nothing here talks to Google), and the
      // development provider on as well, so the tests can sign in.
      GOOGLE_CLIENT_ID: 'fake-client-id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'fake-client-secret',
      DEV_SIGN_IN: 'true',
    });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const crossSite = (client: Client, url: string, method: string, body: unknown) =>
    fetch(new URL(url, server.origin), {
      method,
      headers: {
        cookie: client.jar.header(),
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });

  describe('fix 1: the /api guards decide on the matched route, not the raw URL', () => {
    it('routes the disguised paths to /api/me (so the test means something)', async () => {
      const client = await signIn(server.origin, { name: 'Route Check', email: 'route@example.com' });
      for (const url of DISGUISED_ME) {
        const me = await client.json<{ email: string }>(url);
        expect(me.status, url).toBe(200);
        expect(me.body.email).toBe('route@example.com');
      }
    });

    it('refuses a cross-site PATCH or POST to a percent-encoded /api path like /api/me', async () => {
      const client = await signIn(server.origin, { name: 'Guard Check', email: 'guard@example.com' });
      for (const url of ['/api/me', ...DISGUISED_ME]) {
        const patch = await crossSite(client, url, 'PATCH', { allowPromo: true });
        expect(patch.status, `PATCH ${url}`).toBe(403);
        const post = await crossSite(client, url.replace(/me$/, 'auth/sign-out'), 'POST', {});
        expect(post.status, `POST ${url}`).toBe(403);
      }
      const me = await client.json<{ allowPromo: boolean }>('/api/me');
      expect(me.status).toBe(200);
      expect(me.body.allowPromo).toBe(false);
    });

    it('demands a JSON body on the disguised paths too', async () => {
      const client = await signIn(server.origin, { name: 'Type Check', email: 'type@example.com' });
      const response = await client.fetch('/%61pi/me', {
        method: 'PATCH',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ allowPromo: true }),
      });
      expect(response.status).toBe(415);
    });
  });

  describe("fix 3: Google's ID-token sign-in is off", () => {
    const idTokenBody = {
      provider: 'google',
      callbackURL: '/profile',
      idToken: { token: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl', nonce: 'n' },
    };

    it('refuses sign-in/social carrying an idToken, for any spelling of the path', async () => {
      for (const url of ['/api/auth/sign-in/social', '/%61pi/auth/sign-in/social']) {
        const client = createClient(server.origin);
        const response = await client.json<{ error: string }>(url, {
          method: 'POST',
          body: JSON.stringify(idTokenBody),
        });
        expect(response.status, url).toBe(400);
        expect(response.body.error).toBe('id_token_sign_in_disabled');
        expect(client.jar.get('camo.session_token')).toBeUndefined();
      }
    });

    it('better-auth itself does not accept Google ID tokens either', async () => {
      const auth = createAuth(
        server.config,
        server.database.db,
        { sendSignInLink: () => Promise.resolve() },
        { onSignIn: () => Promise.resolve() },
        server.app.log as never,
      );
      const response = await auth.handler(
        new Request(`${server.origin}/api/auth/sign-in/social`, {
          method: 'POST',
          headers: { origin: server.origin, 'content-type': 'application/json' },
          body: JSON.stringify(idTokenBody),
        }),
      );
      const body = (await response.json()) as { code?: string };
      expect(body.code).toBe('ID_TOKEN_NOT_SUPPORTED');
      expect(response.headers.getSetCookie()).toEqual([]);
    });

    it('keeps the authorization-code flow for Google', async () => {
      const response = await createClient(server.origin).json<{ url: string; redirect: boolean }>(
        '/api/auth/sign-in/social',
        { method: 'POST', body: JSON.stringify({ provider: 'google', callbackURL: '/profile' }) },
      );
      expect(response.status).toBe(200);
      const url = new URL(response.body.url);
      expect(url.origin).toBe('https://accounts.google.com');
      expect(url.searchParams.get('response_type')).toBe('code');
      expect(url.searchParams.get('code_challenge')).toBeTruthy();
    });
  });

  describe('fix 4: the absolute session expiry holds on better-auth’s own endpoints', () => {
    it('get-session neither returns nor extends a session past the absolute expiry, and deletes it', async () => {
      const client = await signIn(server.origin, { name: 'Old Session', email: 'old-session@example.com' });
      const { db } = server.database;
      const [row] = await db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, await userIdOf(client)));
      expect(row).toBeDefined();
      // Created 31 days ago, last refreshed 13 days ago: better-auth would refresh it now.
      const expiresAt = new Date(Date.now() + DAY_MS);
      await db
        .update(sessions)
        .set({ createdAt: new Date(Date.now() - SESSION_ABSOLUTE_MS - DAY_MS), expiresAt })
        .where(eq(sessions.id, row!.id));

      const response = await client.fetch('/api/auth/get-session');
      expect(response.status).toBe(200);
      expect(await response.json()).toBeNull();

      const after = await db.select().from(sessions).where(eq(sessions.id, row!.id));
      expect(after).toEqual([]);
      // Nothing brought it back or moved its expiry forward.
      expect((await client.json('/api/me')).status).toBe(401);
    });

    it('leaves a young session alone', async () => {
      const client = await signIn(server.origin, { name: 'Young Session', email: 'young@example.com' });
      const response = await client.json<{ user: { email: string } } | null>('/api/auth/get-session');
      expect(response.body?.user.email).toBe('young@example.com');
    });
  });

  describe('fix 5: pages answer 200 whatever the Accept header', () => {
    it.each([
      ['/', '*/*'],
      ['/', undefined],
      ['/gallery', 'application/json'],
      ['/designs/0b5f7a3c-8d3e-4d5e-9f0a-1b2c3d4e5f60', '*/*'],
      ['/profile?tab=1', 'text/html,application/xhtml+xml'],
    ])('GET %s with Accept %s serves index.html', async (url, accept) => {
      const response = await fetch(new URL(url, server.origin), {
        headers: accept ? { accept } : {},
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(await response.text()).toContain('<div id="root">');
    });

    it('answers HEAD / with 200 (uptime probes)', async () => {
      const response = await fetch(new URL('/', server.origin), { method: 'HEAD' });
      expect(response.status).toBe(200);
    });

    it.each([
      '/api/nothing-here',
      '/%61pi/nothing-here',
      '/api',
      '/assets/missing.js',
      '/favicon.png',
      '/robots.txt',
      '/files/nothing/here',
      '/seed/missing.webp',
    ])('GET %s answers 404', async (url) => {
      const response = await fetch(new URL(url, server.origin), { headers: { accept: '*/*' } });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: 'not_found' });
    });

    it('still serves the files that exist', async () => {
      const response = await fetch(new URL('/assets/app.js', server.origin));
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('console.log(1);');
    });
  });

  async function userIdOf(client: Client): Promise<string> {
    const me = await client.json<{ id: string }>('/api/me');
    return me.body.id;
  }
});

describe('fix 1 and 2: rate limits count disguised paths and group clients properly', () => {
  let server: TestServer;
  const LIMIT = 4;
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      API_RATE_LIMIT_PER_MINUTE: String(LIMIT),
      AUTH_RATE_LIMIT_PER_MINUTE: '3',
      // One reverse proxy in front (here: the test itself on 127.0.0.1).
      TRUST_PROXY: '1',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = (url: string, forwardedFor: string) =>
    fetch(new URL(url, server.origin), { headers: { 'x-forwarded-for': forwardedFor } });

  it('counts /%61pi/... requests against the API limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++)
      statuses.push((await get(i % 2 ? '/%61pi/health' : '/%61%70%69/health', '203.0.113.10')).status);
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), 429, 429]);
  });

  it('does not let a client choose its address with X-Forwarded-For behind one proxy', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      // The client claims a fresh address each time; the proxy appends the real one.
      statuses.push((await get('/api/health', `198.51.100.${i + 1}, 203.0.113.20`)).status);
    }
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), 429, 429]);
  });

  it('groups IPv6 clients by /64 for the API limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++)
      statuses.push((await get('/api/health', `2001:db8:aa:bb:${(i + 1).toString(16)}::1`)).status);
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), 429, 429]);
    // Another /64 has its own allowance.
    expect((await get('/api/health', '2001:db8:aa:cc::1')).status).toBe(200);
  });

  it('groups IPv6 clients by /64 for the sign-in limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await fetch(new URL('/api/auth/sign-in/social', server.origin), {
        method: 'POST',
        headers: {
          origin: server.origin,
          'content-type': 'application/json',
          'x-forwarded-for': `2001:db8:dd:ee::${(i + 1).toString(16)}`,
        },
        body: JSON.stringify({ provider: 'dev-oidc', callbackURL: '/profile' }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});
