import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_ABSOLUTE_MS, type AuthGateway } from './auth-gateway.js';
import type { AuthRepository } from './auth.repository.js';
import type { SessionEvents } from './session-events.js';
import { testSessionEvents } from '../../../test/support/session-events.js';
import { createSessionResolver, SESSION_CACHE_MS, sessionTokenFrom } from './session.js';

const DAY = 24 * 60 * 60 * 1000;

function setup(options: { cacheMs?: number; events?: SessionEvents } = {}) {
  let clock = Date.UTC(2026, 10, 23, 12);
  const session = { id: 's1', createdAt: new Date(clock - DAY), expiresAt: new Date(clock + 14 * DAY) };
  const getSession = vi.fn<AuthGateway['getSession']>(async (headers) =>
    headers.get('cookie')?.includes('camo.session_token=tok.good') ? { user: { id: 'u1' }, session } : null,
  );
  const deleteSession = vi.fn(async () => {});
  const standing = vi.fn(async () => ({ blocked: false, admin: false }));
  const resolver = createSessionResolver(
    { getSession, handler: vi.fn() },
    { deleteSession } as unknown as AuthRepository,
    { ...options, standing, now: () => clock },
  );
  const request = (cookie: string, method = 'GET') =>
    ({ headers: { cookie }, method }) as unknown as FastifyRequest;
  return {
    resolver,
    getSession,
    deleteSession,
    standing,
    request,
    advance: (ms: number) => (clock += ms),
  };
}

const reply = {} as FastifyReply;

describe('session resolver', () => {
  it('asks better-auth once, then trusts the session for a short while', async () => {
    const { resolver, getSession, request, advance } = setup();
    const good = request('camo.session_token=tok.good');
    expect(await resolver.resolve(good)).toEqual({ id: 'u1', sessionId: 's1' });
    expect(await resolver.resolve(good)).toEqual({ id: 'u1', sessionId: 's1' });
    expect(getSession).toHaveBeenCalledTimes(1);
    advance(SESSION_CACHE_MS + 1);
    await resolver.resolve(good);
    expect(getSession).toHaveBeenCalledTimes(2);
  });

  it('never finds a cookie better-auth did not accept, even one with the same token', async () => {
    const { resolver, getSession, request } = setup();
    await resolver.resolve(request('camo.session_token=tok.good'));
    expect(await resolver.resolve(request('camo.session_token=tok.forged'))).toBeUndefined();
    expect(await resolver.resolve(request('other=1'))).toBeUndefined();
    expect(getSession).toHaveBeenCalledTimes(2);
  });

  it('forgets a signed-out session at once', async () => {
    const { resolver, getSession, request } = setup();
    const cookie = 'camo.session_token=tok.good';
    await resolver.resolve(request(cookie));
    resolver.forget(cookie);
    await resolver.resolve(request(cookie));
    expect(getSession).toHaveBeenCalledTimes(2);
    resolver.forgetAll();
    await resolver.resolve(request(cookie));
    expect(getSession).toHaveBeenCalledTimes(3);
  });

  it('refuses and deletes a cached session once it passes the absolute lifetime', async () => {
    const { resolver, deleteSession, request, advance } = setup({ cacheMs: SESSION_ABSOLUTE_MS });
    const good = request('camo.session_token=tok.good');
    await resolver.resolve(good);
    advance(SESSION_ABSOLUTE_MS - DAY + 1);
    expect(await resolver.resolve(good)).toBeUndefined();
    expect(deleteSession).toHaveBeenCalledWith('s1');
  });

  it('asks every time when the cache is off', async () => {
    const { resolver, getSession, request } = setup({ cacheMs: 0 });
    const good = request('camo.session_token=tok.good');
    await resolver.resolve(good);
    await resolver.resolve(good);
    expect(getSession).toHaveBeenCalledTimes(2);
  });

  it('reads the token from the signed cookie value', () => {
    expect(sessionTokenFrom('a=1; camo.session_token=abc.sig%3D')).toBe('abc');
    const host = '__Host-camo.session_token';
    expect(sessionTokenFrom('a=1; __Host-camo.session_token=abc.sig%3D', host)).toBe('abc');
    // On https only the __Host- cookie counts: one another host could set is ignored.
    expect(sessionTokenFrom('camo.session_token=abc.sig', host)).toBeUndefined();
    expect(sessionTokenFrom('__Secure-camo.session_token=abc.sig', host)).toBeUndefined();
    expect(sessionTokenFrom('camo.session_token=nodot')).toBeUndefined();
    expect(sessionTokenFrom(undefined)).toBeUndefined();
  });

  describe("with the database's notifications (decision 021)", () => {
    const good = 'camo.session_token=tok.good';

    it('drops a session deleted in any process as soon as the database says so', async () => {
      const events = testSessionEvents();
      const { resolver, getSession, request } = setup({ events });
      await resolver.resolve(request(good));
      events.publish({ kind: 'session', id: 'another' });
      await resolver.resolve(request(good));
      expect(getSession).toHaveBeenCalledTimes(1);
      events.publish({ kind: 'session', id: 's1' });
      await resolver.resolve(request(good));
      expect(getSession).toHaveBeenCalledTimes(2);
    });

    it('does not keep a session resolved while it was being deleted', async () => {
      const events = testSessionEvents();
      const { resolver, getSession, request } = setup({ events });
      const lookup = getSession.getMockImplementation()!;
      let release!: () => void;
      getSession.mockImplementationOnce(async (headers) => {
        await new Promise<void>((resolve) => (release = resolve));
        return lookup(headers);
      });
      const first = resolver.resolve(request(good));
      await vi.waitFor(() => expect(release).toBeDefined());
      events.publish({ kind: 'session', id: 's1' });
      release();
      // The request that was already asking gets its answer; nothing is kept from it.
      expect(await first).toEqual({ id: 'u1', sessionId: 's1' });
      await resolver.resolve(request(good));
      expect(getSession).toHaveBeenCalledTimes(2);
    });

    it('keeps nothing while the notifications are not live, and starts afresh when they are back', async () => {
      const events = testSessionEvents();
      const { resolver, getSession, standing, request } = setup({ events });
      await resolver.resolve(request(good));
      events.live = false;
      events.publish({ kind: 'missed' });
      await resolver.requireUser(request(good, 'POST'), reply);
      await resolver.requireUser(request(good, 'POST'), reply);
      expect(getSession).toHaveBeenCalledTimes(3);
      expect(standing).toHaveBeenCalledTimes(2);
      events.live = true;
      events.publish({ kind: 'missed' });
      await resolver.requireUser(request(good, 'POST'), reply);
      await resolver.requireUser(request(good, 'POST'), reply);
      expect(getSession).toHaveBeenCalledTimes(4);
      expect(standing).toHaveBeenCalledTimes(3);
    });

    it("keeps a person's standing until their row changes: a block holds from the next write", async () => {
      const events = testSessionEvents();
      const { resolver, standing, request } = setup({ events });
      await resolver.requireUser(request(good, 'POST'), reply);
      await resolver.requireUser(request(good, 'PATCH'), reply);
      expect(standing).toHaveBeenCalledTimes(1);
      standing.mockResolvedValue({ blocked: true, admin: false });
      events.publish({ kind: 'person', id: 'someone-else' });
      await resolver.requireUser(request(good, 'POST'), reply);
      events.publish({ kind: 'person', id: 'u1' });
      await expect(resolver.requireUser(request(good, 'POST'), reply)).rejects.toThrow(/blocked/i);
      // Reads stay open to a blocked person.
      await resolver.requireUser(request(good, 'GET'), reply);
      expect(standing).toHaveBeenCalledTimes(2);
    });

    it('asks for the standing on every write without notifications', async () => {
      const { resolver, standing, request } = setup();
      await resolver.requireUser(request(good, 'POST'), reply);
      await resolver.requireUser(request(good, 'POST'), reply);
      expect(standing).toHaveBeenCalledTimes(2);
    });
  });
});
