import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designs, users } from '../src/platform/db/schema.js';
import { messages } from '@camo/shared/messages';
import { createClient, signIn, type Client } from './support/dev-sign-in.js';
import { backends, startTestServer, type TestServer } from './support/test-server.js';

const PRIVATE_FIELDS = ['email', 'phoneNumber', 'zipCode', 'allowPromo', 'lastSignIn'];

describe.each(backends)('profile API (%s)', (backend) => {
  let server: TestServer;
  let alice: Client;
  let bob: Client;
  let aliceId: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    alice = await signIn(server.origin, { name: 'Alice Archer', email: 'alice@example.com' });
    bob = await signIn(server.origin, { name: 'Bob Bowman', email: 'bob@example.com' });
    aliceId = (await alice.json<{ id: string }>('/api/me')).body.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const patch = (client: Client, body: unknown) =>
    client.json<Record<string, unknown>>('/api/me', { method: 'PATCH', body: JSON.stringify(body) });

  it('saves normalised values', async () => {
    const name = await patch(alice, { displayName: '  Alice   <b>the</b> Archer ' });
    expect(name.status).toBe(200);
    expect(name.body.displayName).toBe('Alice bthe/b Archer');
    const phone = await patch(alice, { phoneNumber: '+1 (602) 555-0143' });
    expect(phone.body.phoneNumber).toBe('16025550143');
    const zip = await patch(alice, { zipCode: '85001-1234' });
    expect(zip.body.zipCode).toBe('850011234');
    const promo = await patch(alice, { allowPromo: true });
    expect(promo.body.allowPromo).toBe(true);
    const me = await alice.json<Record<string, unknown>>('/api/me');
    expect(me.body).toMatchObject({ phoneNumber: '16025550143', zipCode: '850011234', allowPromo: true });
  });

  it('says from when the account’s votes count in the monthly contest (CONTEST_MIN_ACCOUNT_AGE_HOURS, 24 by default)', async () => {
    const me = await alice.json<{
      createdAt: string;
      contestVotes: { minAccountAgeHours: number; countFrom: string };
    }>('/api/me');
    expect(me.body.contestVotes.minAccountAgeHours).toBe(24);
    expect(Date.parse(me.body.contestVotes.countFrom) - Date.parse(me.body.createdAt)).toBe(24 * 3_600_000);
  });

  it.each([
    [{ displayName: 'x' }, messages.displayNameTooShort],
    [{ displayName: 'y'.repeat(51) }, messages.displayNameTooLong],
    [{ phoneNumber: '555-0143' }, messages.phoneTooShort],
    [{ phoneNumber: '1234567890123456' }, messages.phoneTooLong],
    [{ zipCode: '850' }, messages.zipTooShort],
    [{ zipCode: 'abcde' }, messages.zipTooShort],
    [{ phoneNumber: ' - ' }, messages.phoneTooShort],
    [{ zipCode: '12345678901' }, messages.zipTooLong],
  ])('refuses %j with the specification’s message', async (body, message) => {
    const response = await patch(bob, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'validation', message });
  });

  it('a typo without digits is refused and the saved zip and phone stay; only an empty field clears them', async () => {
    await patch(bob, { zipCode: '85001', phoneNumber: '6025550143' });
    for (const body of [{ zipCode: 'abcde' }, { zipCode: '-' }, { phoneNumber: 'none' }])
      expect((await patch(bob, body)).status).toBe(400);
    const kept = await bob.json<{ zipCode: string; phoneNumber: string }>('/api/me');
    expect(kept.body).toMatchObject({ zipCode: '85001', phoneNumber: '6025550143' });
    expect((await patch(bob, { zipCode: '  ' })).status).toBe(200);
    expect((await bob.json<{ zipCode: string }>('/api/me')).body.zipCode).toBe('');
  });

  it('ignores nothing silently: forged fields are refused', async () => {
    for (const body of [
      { email: 'evil@example.com' },
      { createdAt: '2000-01-01' },
      { id: 'other' },
      { allowPromo: 'yes' },
    ]) {
      expect((await patch(bob, body)).status).toBe(400);
    }
    const me = await bob.json<Record<string, unknown>>('/api/me');
    expect(me.body.email).toBe('bob@example.com');
  });

  it('returns private fields to nobody but their owner', async () => {
    const asBob = await bob.json<Record<string, unknown>>(`/api/users/${aliceId}`);
    expect(asBob.status).toBe(200);
    expect(asBob.body.displayName).toBeTruthy();
    for (const field of PRIVATE_FIELDS) expect(asBob.body).not.toHaveProperty(field);
    const { db } = server.database;
    await db.insert(designs).values([
      {
        id: 'alice-submitted',
        userId: aliceId,
        name: 'Ridge Ghost',
        environmentDescription: 'oak ridge',
        state: 'AZ',
        status: 'submitted',
      },
      { id: 'alice-draft', userId: aliceId, environmentDescription: 'marsh', state: 'AZ' },
    ]);
    const asOther = await bob.json<{ designs: { id: string; name: string }[] }>(
      `/api/users/${aliceId}/designs`,
    );
    expect(asOther.status).toBe(200);
    expect(asOther.body.designs.map((d) => d.id)).toEqual(['alice-submitted']);
    const text = JSON.stringify(asOther.body);
    for (const secret of ['alice@example.com', '16025550143', '850011234'])
      expect(text).not.toContain(secret);
    const asOwner = await alice.json<{ designs: { id: string; name: string }[] }>(
      `/api/users/${aliceId}/designs`,
    );
    expect(asOwner.body.designs.map((d) => d.id).sort()).toEqual(['alice-draft', 'alice-submitted']);
    expect(asOwner.body.designs.find((d) => d.id === 'alice-draft')?.name).toBe('No Name');
  });

  it('shows a designer’s new name on their cards at once (read through the join, not the stored copy)', async () => {
    const { db } = server.database;
    await db.insert(designs).values({
      id: 'alice-renamed',
      userId: aliceId,
      name: 'Cedar Break',
      environmentDescription: 'cedar brake',
      state: 'TX',
      status: 'submitted',
      designerName: 'Alice Before',
    });
    expect((await patch(alice, { displayName: 'Alice After' })).status).toBe(200);
    const cards = await bob.json<{ designs: { id: string; designerName: string }[] }>(
      `/api/users/${aliceId}/designs`,
    );
    expect(cards.body.designs.find((d) => d.id === 'alice-renamed')?.designerName).toBe('Alice After');
  });

  it('counts each new account once, in the same transaction that creates it', async () => {
    const { db } = server.database;
    const before = (await createClient(server.origin).json<{ count: number }>('/api/members/count')).body
      .count;
    await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        db
          .insert(users)
          .values({ id: `bulk-${i}`, email: `bulk-${i}@example.com`, displayName: `Bulk ${i}` }),
      ),
    );
    await db.update(users).set({ lastSignIn: new Date() }).where(eq(users.id, 'bulk-0'));
    const after = (await createClient(server.origin).json<{ count: number }>('/api/members/count')).body
      .count;
    expect(after).toBe(before + 25);
    const [row] = await db.select({ n: count() }).from(users);
    expect(after).toBe(row?.n);
  });

  it('answers 404 for an unknown user', async () => {
    expect((await bob.json('/api/users/does-not-exist')).status).toBe(404);
  });

  it('needs a session for every private route', async () => {
    const anonymous = createClient(server.origin);
    expect((await anonymous.json('/api/me')).status).toBe(401);
    expect((await anonymous.json('/api/me', { method: 'PATCH', body: '{"zipCode":"85001"}' })).status).toBe(
      401,
    );
    expect((await anonymous.json(`/api/users/${aliceId}`)).status).toBe(401);
    expect((await anonymous.json(`/api/users/${aliceId}/designs`)).status).toBe(401);
  });

  it('refuses cross-site and non-JSON state changes', async () => {
    const crossSite = await fetch(`${server.origin}/api/me`, {
      method: 'PATCH',
      headers: {
        cookie: bob.jar.header(),
        origin: 'https://evil.example',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ zipCode: '99999' }),
    });
    expect(crossSite.status).toBe(403);
    const form = await bob.fetch('/api/me', {
      method: 'PATCH',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'zipCode=99999',
    });
    expect(form.status).toBe(415);
    const me = await bob.json<Record<string, unknown>>('/api/me');
    expect(me.body.zipCode).toBe('');
  });

  it('answers hostile bodies with a 4xx, never a 5xx', async () => {
    const malformed = await bob.fetch('/api/me', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{"zipCode": ',
    });
    expect(malformed.status).toBe(400);
    const huge = await bob.fetch('/api/me', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ displayName: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    const poisoned = await bob.fetch('/api/me', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{"__proto__": {"allowPromo": true}}',
    });
    expect(poisoned.status).toBe(400);
    for (const body of [null, [], 'text', 42, { displayName: null }, { zipCode: { $gt: '' } }]) {
      const response = await patch(bob, body);
      expect(response.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
    }
  });

  it('serves public settings, the member count and the Trophy Club', async () => {
    const anonymous = createClient(server.origin);
    const config = await anonymous.json<Record<string, unknown>>('/api/config');
    expect(config.body).toMatchObject({
      devSignIn: true,
      signInProvider: 'dev-oidc',
      emailLinkEnabled: false,
      designGenerator: 'built-in',
    });
    expect((await anonymous.json<{ count: number }>('/api/members/count')).body.count).toBeGreaterThanOrEqual(
      2,
    );
    const winners = await anonymous.json<{ winners: { month: string }[] }>('/api/contest/winners');
    expect(winners.body.winners.map((w) => w.month).sort()).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
    ]);
  });

  it('sends security headers', async () => {
    const response = await fetch(`${server.origin}/api/health`);
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // HSTS only in production (on https); see the production test below.
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('keeps the API docs page unframeable, with no inline script', async () => {
    for (const page of ['/api/docs', '/api/docs/static/swagger-initializer.js']) {
      const response = await fetch(`${server.origin}${page}`);
      expect(response.status).toBe(200);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).not.toContain('https:');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('publishes an OpenAPI document built from the request schemas', async () => {
    const response = await fetch(`${server.origin}/api/docs/json`);
    const doc = (await response.json()) as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    expect(doc.paths['/api/me']?.patch?.requestBody).toBeDefined();
    expect(JSON.stringify(doc.paths['/api/me'])).toContain('zipCode');
  });
});
