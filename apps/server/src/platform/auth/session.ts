import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../http-errors.js';
import { COOKIE_PREFIX, SESSION_ABSOLUTE_MS, type AuthGateway } from './auth.js';
import type { AuthRepository } from './auth.repository.js';

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
 * Resolves the request's session through better-auth (which enforces the idle expiry) and
 * adds the absolute expiry better-auth lacks: a session older than SESSION_ABSOLUTE_MS is
 * deleted, however recently it was used.
 */
export function createSessionResolver(auth: AuthGateway, repo: AuthRepository) {
  async function resolve(req: FastifyRequest): Promise<SessionUser | undefined> {
    const result = await auth.getSession(fromNodeHeaders(req.headers));
    if (!result) return undefined;
    if (Date.now() - new Date(result.session.createdAt).getTime() > SESSION_ABSOLUTE_MS) {
      await repo.deleteSession(result.session.id);
      return undefined;
    }
    return { id: result.user.id, sessionId: result.session.id };
  }

  /** preHandler for routes that need a signed-in user. */
  async function requireUser(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const user = await resolve(req);
    if (!user) throw new UnauthorizedError();
    req.user = user;
  }

  return { resolve, requireUser };
}

export type SessionResolver = ReturnType<typeof createSessionResolver>;

const SESSION_COOKIE = new RegExp(`^(?:__Secure-|__Host-)?${COOKIE_PREFIX}\\.session_token$`);

/** The session token in a Cookie header (better-auth signs it: `<token>.<signature>`). */
export function sessionTokenFrom(cookieHeader: string | undefined): string | undefined {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const index = pair.indexOf('=');
    if (index < 0 || !SESSION_COOKIE.test(pair.slice(0, index).trim())) continue;
    let value = pair.slice(index + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      return undefined;
    }
    const dot = value.lastIndexOf('.');
    return dot > 0 ? value.slice(0, dot) : undefined;
  }
  return undefined;
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
): Promise<void> {
  const token = sessionTokenFrom(cookieHeader);
  if (!token) return;
  await repo.deleteSessionCreatedBefore(token, new Date(Date.now() - SESSION_ABSOLUTE_MS));
}

/** For handlers behind requireUser. */
export function currentUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw new UnauthorizedError();
  return req.user;
}
