import { fromNodeHeaders } from 'better-auth/node';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { sessions } from '../db/schema.js';
import { UnauthorizedError } from '../http-errors.js';
import { SESSION_ABSOLUTE_MS, type AuthGateway } from './auth.js';

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
export function createSessionResolver(auth: AuthGateway, db: Db) {
  async function resolve(req: FastifyRequest): Promise<SessionUser | undefined> {
    const result = await auth.getSession(fromNodeHeaders(req.headers));
    if (!result) return undefined;
    if (Date.now() - new Date(result.session.createdAt).getTime() > SESSION_ABSOLUTE_MS) {
      await db.delete(sessions).where(eq(sessions.id, result.session.id));
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

/** For handlers behind requireUser. */
export function currentUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw new UnauthorizedError();
  return req.user;
}
