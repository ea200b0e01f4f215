import { apiMessages } from '@camo/shared/api-messages';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@camo/shared/api.schema';
import { messages } from '@camo/shared/messages';
import type { Config } from '../config.js';
import { clientKey } from '../http-security.js';
import { sessionCookieName, type AuthGateway } from './auth-gateway.js';
import type { AuthRepository } from './auth.repository.js';
import { deleteAgedSession, type SessionResolver } from './session.js';

const EMAIL_LINK_DISABLED = 'E-mail link sign-in is coming soon.';

const confirmSchema = z.object({
  token: z.string().min(1).max(200),
  email: z.string().trim().max(320),
  /** Confirmed on /signup, whose link was asked for with the terms agreed: may make the account. */
  signUp: z.boolean().optional(),
});

/** The request's headers for better-auth, with the client's address as Fastify determined it
 * (TRUST_PROXY-aware), never as the client claimed it, and IPv6 cut to its /64 like the API
 * limit: it keys better-auth's rate limits. */
function authHeaders(req: FastifyRequest): Headers {
  const headers = fromNodeHeaders(req.headers);
  headers.set('x-forwarded-for', clientKey(req.ip));
  return headers;
}

/** Google (and any provider) signs in through the authorization-code flow only. */
function carriesIdToken(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'idToken' in body;
}

/** Copies a fetch Response (better-auth's world) onto a Fastify reply, cookies included. */
async function sendResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') void reply.header(key, value);
  });
  // better-auth says when to try again only as X-Retry-After; browsers and clients read Retry-After.
  const retryAfter = response.headers.get('x-retry-after');
  if (response.status === 429 && retryAfter && !response.headers.has('retry-after'))
    void reply.header('retry-after', retryAfter);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) void reply.header('set-cookie', cookies);
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}

export function authRoutes({
  auth,
  repo,
  config,
  sessions,
}: {
  auth: AuthGateway;
  repo: AuthRepository;
  config: Config;
  /** Forgets the sessions that sign-out and revocation end (the resolver keeps them briefly). */
  sessions: Pick<SessionResolver, 'forget' | 'forgetAll'>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const origin = config.publicUrl.origin;

    // better-auth's own endpoints: sign-in, OAuth callback, session, sign-out.
    const forward = async (req: FastifyRequest, reply: FastifyReply) => {
      if (carriesIdToken(req.body)) {
        return reply.code(400).send({
          error: 'id_token_sign_in_disabled',
          message: apiMessages.signInThroughProvider,
        });
      }
      await deleteAgedSession(repo, req.headers.cookie, sessionCookieName(config.publicUrl));
      const url = new URL(req.url, origin);
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && req.body !== undefined;
      const request = new Request(url, {
        method: req.method,
        headers: authHeaders(req),
        body: hasBody ? JSON.stringify(req.body) : undefined,
      });
      const response = await auth.handler(request);
      if (url.pathname.endsWith('/sign-out')) sessions.forget(req.headers.cookie);
      else if (url.pathname.includes('/revoke-')) sessions.forgetAll();
      return sendResponse(reply, response);
    };
    app.route({ method: ['GET', 'POST'], url: '/api/auth/*', schema: { hide: true }, handler: forward });

    if (!config.emailLinkEnabled) {
      // Off by default: the UI shows the e-mail field as coming soon and the server refuses.
      const refuse = async (_req: FastifyRequest, reply: FastifyReply) =>
        reply.code(403).send({ error: 'disabled', message: EMAIL_LINK_DISABLED });
      app.post('/api/auth/sign-in/magic-link', { schema: { hide: true } }, refuse);
      app.get('/api/auth/magic-link/verify', { schema: { hide: true } }, refuse);
      app.post('/api/auth/magic-link/confirm', { schema: { hide: true } }, refuse);
      return;
    }

    // The e-mailed link opens /login?link=<token>, which asks for an explicit confirmation;
    // only this POST spends the token, so a mail scanner opening the link changes nothing.
    app.get('/api/auth/magic-link/verify', { schema: { hide: true } }, async (_req, reply) =>
      reply.code(405).send({ error: 'method_not_allowed', message: apiMessages.confirmLinkOnPage }),
    );
    app.post(
      '/api/auth/magic-link/confirm',
      {
        schema: {
          tags: ['auth'],
          summary: 'Spend an e-mail sign-in link token (explicit confirmation)',
          body: confirmSchema,
          response: { 400: errorSchema },
        },
      },
      async (req, reply) => {
        const { token, email } = req.body;
        if (email === '')
          return reply.code(400).send({ error: 'validation', message: messages.emailRequiredForLink });
        const pending = await repo.magicLinkValue(token);
        const linkEmail = pending ? (JSON.parse(pending) as { email?: string }).email : undefined;
        if (!linkEmail || linkEmail.toLowerCase() !== email.toLowerCase()) {
          return reply.code(400).send({
            error: 'invalid_link',
            message: apiMessages.linkInvalidOrOther,
          });
        }
        // Accounts are made only at sign-up, with the terms agreed (issue 40).
        if (!req.body.signUp && !(await repo.hasAccountFor(linkEmail))) {
          return reply.code(400).send({ error: 'sign_up_first', message: apiMessages.signUpFirst });
        }
        const url = new URL('/api/auth/magic-link/verify', origin);
        url.searchParams.set('token', token);
        const response = await auth.handler(new Request(url, { method: 'GET', headers: authHeaders(req) }));
        if (response.status >= 400) {
          return reply.code(400).send({ error: 'invalid_link', message: apiMessages.linkInvalid });
        }
        return sendResponse(reply, response);
      },
    );
  };
}
