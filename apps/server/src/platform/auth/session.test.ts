import type { FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_ABSOLUTE_MS, type AuthGateway } from './auth.js';
import type { AuthRepository } from './auth.repository.js';
import { createSessionResolver, SESSION_CACHE_MS, sessionTokenFrom } from './session.js';

const DAY = 24 * 60 * 60 * 1000;

function setup(options: { cacheMs?: number } = {}) {
  let clock = Date.UTC(2026, 10, 23, 12);
  const session = { id: 's1', createdAt: new Date(clock - DAY), expiresAt: new Date(clock + 14 * DAY) };
  const getSession = vi.fn<AuthGateway['getSession']>(async (headers) =>
    headers.get('cookie')?.includes('camo.session_token=tok.good') ? { user: { id: 'u1' }, session } : null,
  );
  const deleteSession = vi.fn(async () => {});
  const resolver = createSessionResolver(
    { getSession, handler: vi.fn() },
    { deleteSession } as unknown as AuthRepository,
    { ...options, now: () => clock },
  );
  const request = (cookie: string) => ({ headers: { cookie } }) as unknown as FastifyRequest;
  return {
    resolver,
    getSession,
    deleteSession,
    request,
    advance: (ms: number) => (clock += ms),
  };
}

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
});
