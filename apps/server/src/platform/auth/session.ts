import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { moderationMessages } from '@camo/shared/moderation';
import { ForbiddenError, UnauthorizedError } from '../http-errors.js';
import { COOKIE_PREFIX, SESSION_ABSOLUTE_MS, type AuthGateway } from './auth-gateway.js';
import type { AuthRepository } from './auth.repository.js';
import { createPersonCache } from './person-cache.js';
import type { SessionEvents } from './session-events.js';

/** The session cookie on http (development, tests); a site on https names its own (auth-gateway.ts). */
const DEFAULT_COOKIE = `${COOKIE_PREFIX}.session_token`;

export interface SessionUser {
  id: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: SessionUser;
  }
}

/**
 * How long a resolved session (and a person's standing) is kept without asking the database
 * again. A sign-out, revocation or block anywhere drops it within moments (decision 021); this
 * bounds what is kept if a change were ever missed.
 */
export const SESSION_CACHE_MS = 30_000;

interface CachedSession {
  user: SessionUser;
  createdAt: number;
  expiresAt: number;
}

/**
 * Resolves the request's session through better-auth (which enforces the idle expiry) and
 * adds the absolute expiry better-auth lacks: a session older than SESSION_ABSOLUTE_MS is
 * deleted, however recently it was used.
 *
 * A session better-auth has resolved is kept for SESSION_CACHE_MS under its signed cookie value
 * (only a value better-auth accepted can ever be found), so a signed-in page of API calls costs
 * one lookup instead of one per call; both expiries are still checked on every hit. With
 * `events` (compose.ts), a session deleted in any process (sign-out, revocation, expiry, by hand)
 * is dropped here as soon as the database says so, and the standing of a person whose row
 * changed (a block) is read again; while the events are not live nothing is kept. Without them
 * (unit tests), a session deleted elsewhere is forgotten within SESSION_CACHE_MS.
 */
export function createSessionResolver(
  auth: AuthGateway,
  repo: AuthRepository,
  options: {
    /** The session cookie's exact name (auth-gateway.ts#sessionCookieName); no other name is read. */
    cookieName?: string;
    cacheMs?: number;
    now?: () => number;
    /**
     * Whether a user is blocked or moderates (moderation.service.ts), asked on every write and
     * every moderator's request. Kept per person only with `events`, which drop it when the
     * person's row changes in any process, so a block or unblock holds from the next request on.
     */
    standing?: (userId: string) => Promise<{ blocked: boolean; admin: boolean }>;
    /** The database's session and person notifications (session-events.ts). */
    events?: SessionEvents;
  } = {},
) {
  const now = options.now ?? Date.now;
  const cacheMs = options.cacheMs ?? SESSION_CACHE_MS;
  const cookieName = options.cookieName ?? DEFAULT_COOKIE;
  const { events } = options;
  /** Session id -> its key in `cache`, to drop a session named by an event. */
  const bySession = new Map<string, string>();
  const cache =
    cacheMs > 0
      ? new LRUCache<string, CachedSession>({
          max: 10_000,
          ttl: cacheMs,
          ttlResolution: 0,
          perf: { now },
          dispose: (value, key) => {
            if (bySession.get(value.user.sessionId) === key) bySession.delete(value.user.sessionId);
          },
        })
      : undefined;
  const standings = createPersonCache<{ blocked: boolean; admin: boolean }>(events, { ttlMs: cacheMs, now });
  // Counts every change seen: a session resolved while one arrived is used but not kept, since
  // it may have been read just before its deletion.
  let epoch = 0;
  events?.subscribe((event) => {
    epoch++;
    if (event.kind === 'session') {
      const key = bySession.get(event.id);
      if (key) cache?.delete(key);
    } else if (event.kind === 'missed') cache?.clear();
  });
  /** Whether sessions may be kept now: not while changes could go unseen. */
  const keeping = () => (cache && (!events || events.live) ? cache : undefined);

  async function resolve(req: FastifyRequest): Promise<SessionUser | undefined> {
    const key = signedSessionCookie(req.headers.cookie, cookieName);
    // No session cookie, no session: nothing to ask.
    if (!key) return undefined;
    const cached = keeping()?.get(key);
    if (cached) {
      if (now() - cached.createdAt > SESSION_ABSOLUTE_MS) {
        cache?.delete(key);
        await repo.deleteSession(cached.user.sessionId);
        return undefined;
      }
      if (now() < cached.expiresAt) return cached.user;
      cache?.delete(key);
    }
    const at = epoch;
    const result = await auth.getSession(fromNodeHeaders(req.headers));
    if (!result) return undefined;
    const createdAt = new Date(result.session.createdAt).getTime();
    if (now() - createdAt > SESSION_ABSOLUTE_MS) {
      await repo.deleteSession(result.session.id);
      return undefined;
    }
    const user = { id: result.user.id, sessionId: result.session.id };
    const keep = keeping();
    if (keep && at === epoch) {
      keep.set(key, { user, createdAt, expiresAt: new Date(result.session.expiresAt).getTime() });
      bySession.set(user.sessionId, key);
    }
    return user;
  }

  /** The person's standing, when the resolver was given a way to ask (compose.ts gives one). */
  async function standingOf(userId: string) {
    const { standing } = options;
    return standing ? standings.get(userId, () => standing(userId)) : undefined;
  }

  /**
   * preHandler for routes that need a signed-in user. A state-changing request of a blocked user
   * is refused here, before any route runs.
   */
  async function requireUser(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const user = await resolve(req);
    if (!user) throw new UnauthorizedError();
    if (!READ_METHODS.has(req.method) && (await standingOf(user.id))?.blocked)
      throw new ForbiddenError(moderationMessages.blocked);
    req.user = user;
  }

  /** preHandler for the moderators' routes: a signed-in user whose verified e-mail is in ADMIN_EMAILS. */
  async function requireAdmin(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const user = await resolve(req);
    if (!user) throw new UnauthorizedError();
    if (!(await standingOf(user.id))?.admin) throw new ForbiddenError(moderationMessages.adminOnly);
    req.user = user;
  }

  return {
    resolve,
    requireUser,
    requireAdmin,
    /**
     * After a sign-out with this Cookie header, here at once (the database tells the other
     * processes, and this one again a moment later on PostgreSQL).
     */
    forget(cookieHeader: string | undefined): void {
      epoch++;
      const key = signedSessionCookie(cookieHeader, cookieName);
      if (key) cache?.delete(key);
    },
    /** After sessions were revoked in bulk. */
    forgetAll(): void {
      epoch++;
      cache?.clear();
    },
  };
}

export type SessionResolver = ReturnType<typeof createSessionResolver>;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The session cookie's value as sent: `<token>.<signature>` (better-auth signs it). Only the
 * exact name counts: on https a bare `camo.session_token` set by another host (cookie tossing)
 * is not the `__Host-` one and is ignored.
 */
function signedSessionCookie(cookieHeader: string | undefined, cookieName: string): string | undefined {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const index = pair.indexOf('=');
    if (index < 0 || pair.slice(0, index).trim() !== cookieName) continue;
    try {
      return decodeURIComponent(pair.slice(index + 1).trim()) || undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The session token in a Cookie header, without its signature. */
export function sessionTokenFrom(
  cookieHeader: string | undefined,
  cookieName = DEFAULT_COOKIE,
): string | undefined {
  const value = signedSessionCookie(cookieHeader, cookieName);
  if (!value) return undefined;
  const dot = value.lastIndexOf('.');
  return dot > 0 ? value.slice(0, dot) : undefined;
}

/**
 * The absolute expiry for better-auth's own endpoints (/api/auth/get-session, ...), which would
 * otherwise go on extending an old session: run before the request reaches better-auth, it
 * deletes the cookie's session when it is older than SESSION_ABSOLUTE_MS, so better-auth sees
 * no session. Only sessions past the absolute expiry are touched, so an unsigned or forged
 * cookie can do no harm here.
 */
export async function deleteAgedSession(
  repo: AuthRepository,
  cookieHeader: string | undefined,
  cookieName = DEFAULT_COOKIE,
): Promise<void> {
  const token = sessionTokenFrom(cookieHeader, cookieName);
  if (!token) return;
  await repo.deleteSessionCreatedBefore(token, new Date(Date.now() - SESSION_ABSOLUTE_MS));
}

/** For handlers behind requireUser. */
export function currentUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw new UnauthorizedError();
  return req.user;
}
