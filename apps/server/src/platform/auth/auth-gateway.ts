import type { Auth } from './auth.js';

/**
 * What the rest of the server needs of sign-in, without better-auth itself: its module graph (about
 * a third of the modules a start loads) is imported when the first sign-in or session cookie
 * arrives (auth.ts, compose.ts), not while the server starts.
 */

/** Absolute expiry: no session lives longer than this, however active (see session.ts). */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * Our cookies are `camo.*`; the session's is `camo.session_token`, and on https
 * `__Host-camo.session_token` (quality rule 5): Secure, path /, no Domain, so no other host or
 * path can set or shadow it. Its other cookies (the sign-in's state) are Secure on https.
 */
export const COOKIE_PREFIX = 'camo';

/** The session cookie's name for a site at `publicUrl`: the only name a session is read from. */
export function sessionCookieName(publicUrl: URL): string {
  return `${publicUrl.protocol === 'https:' ? '__Host-' : ''}${COOKIE_PREFIX}.session_token`;
}

/** The two things the rest of the server needs from better-auth. */
export interface AuthGateway {
  handler(request: Request): Promise<Response>;
  getSession(
    headers: Headers,
  ): Promise<{ user: { id: string }; session: { id: string; createdAt: Date; expiresAt: Date } } | null>;
}

/**
 * better-auth fetches the development provider's discovery document from our own server when
 * it is created; creating it on first use means the server is listening by then.
 */
export function lazyAuth(create: () => Promise<Auth>): AuthGateway {
  let instance: Promise<Auth> | undefined;
  // A failed creation (loading the module) is tried again by the next request.
  const get = () =>
    (instance ??= create().catch((error: unknown) => {
      instance = undefined;
      throw error;
    }));
  return {
    handler: async (request) => (await get()).handler(request),
    getSession: async (headers) => (await get()).api.getSession({ headers }),
  };
}
