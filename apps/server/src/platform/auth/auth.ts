import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth, magicLink } from 'better-auth/plugins';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { accounts, sessions, users, verifications } from '../db/schema.js';
import { scrubErrorText, serializeError } from '../logger.js';
import type { Mailer } from '../mailer.js';
import type { betterAuthRateLimitStorage } from '../rate-limits.js';
import { COOKIE_PREFIX, sessionCookieName } from './auth-gateway.js';
import {
  DEV_OIDC_CLIENT_ID,
  DEV_OIDC_PATH,
  DEV_OIDC_PROVIDER_ID,
  devOidcClientSecret,
} from './dev-oidc-provider.js';

/** Idle expiry: a session unused this long ends; each day of use extends it. */
export const SESSION_IDLE_SECONDS = 14 * 24 * 60 * 60;
/** better-auth's cookie settings for a site at `publicUrl`. */
export function cookieSettings(publicUrl: URL) {
  const https = publicUrl.protocol === 'https:';
  return {
    cookiePrefix: COOKIE_PREFIX,
    // better-auth can only prefix `__Secure-`; the `__Host-` name is given in full below, with
    // Secure set on every cookie by the default attributes.
    useSecureCookies: false,
    defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: https },
    ...(https ? { cookies: { session_token: { name: sessionCookieName(publicUrl) } } } : {}),
  };
}

export interface AuthHooks {
  /** A session was created: a sign-in happened. (New members are counted by a database trigger.) */
  onSignIn(userId: string): Promise<void>;
}

export function createAuth(
  config: Config,
  db: Db,
  mailer: Mailer,
  hooks: AuthHooks,
  log: Logger,
  options: { rateLimitStorage?: ReturnType<typeof betterAuthRateLimitStorage> } = {},
) {
  const origin = config.publicUrl.origin;
  return betterAuth({
    appName: config.siteName,
    baseURL: origin,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [origin],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    user: {
      fields: { name: 'displayName' },
      // Set by the create hook below, never by a request.
      additionalFields: { termsAcceptedAt: { type: 'date', required: false, input: false } },
    },
    // Users are identified by (issuer, subject); never attach a sign-in to an account by e-mail.
    account: { accountLinking: { enabled: false } },
    session: {
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: 24 * 60 * 60,
      cookieCache: { enabled: false },
    },
    emailAndPassword: { enabled: false },
    // Profile edits go through our own validated endpoints (PATCH /api/me).
    disabledPaths: ['/update-user', '/change-email', '/delete-user', '/link-social', '/unlink-account'],
    advanced: {
      ...cookieSettings(config.publicUrl),
      // better-auth skips these checks when NODE_ENV is 'test'; our tests must see production behaviour.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      database: { generateId: () => crypto.randomUUID() },
      // The client IP reaches better-auth as X-Forwarded-For, set by auth.routes.ts from Fastify's
      // req.ip (which honours TRUST_PROXY) with IPv6 already cut to its /64; it keys the rate limits
      // below. Only that header, and /64 here too in case anything else ever sets it.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'], ipv6Subnet: 64 },
    },
    rateLimit: {
      enabled: true,
      window: 60,
      // better-auth's other endpoints (get-session above all: every page load asks it) share the
      // API's per-address budget; a fixed 100 a minute locked out a household or office behind one
      // address, and the browser tests from 127.0.0.1, with "We couldn't check whether you are
      // signed in". Sign-in itself keeps its own, stricter limit below.
      max: config.apiRateLimitPerMinute,
      // Counted across every API process (platform/rate-limits.ts); in memory when none is given.
      ...(options.rateLimitStorage
        ? { customStorage: options.rateLimitStorage }
        : { storage: 'memory' as const }),
      customRules: {
        '/sign-in/*': { window: 60, max: config.authRateLimitPerMinute },
        '/callback/*': { window: 60, max: config.authRateLimitPerMinute },
      },
    },
    // Through pino, so what better-auth logs (which can contain request text) is JSON-encoded
    // and redacted like every other line, never a raw line anybody could forge.
    logger: {
      disabled: config.env === 'test',
      log: (level, message, ...args: unknown[]) => {
        // Errors (e.g. a failed query) without the values they were bound to; see logger.ts.
        const detail = args.map((arg) =>
          arg instanceof Error ? serializeError(arg) : scrubErrorText(String(arg)),
        );
        log[level](
          { detail: args.length > 0 ? detail : undefined },
          `better-auth: ${scrubErrorText(message)}`,
        );
      },
    },
    socialProviders: config.google
      ? {
          google: {
            clientId: config.google.clientId,
            clientSecret: config.google.clientSecret,
            prompt: 'select_account',
            // Only the authorization-code flow (quality rule 4: PKCE, state, nonce): never accept
            // an ID token a client brings to POST /sign-in/social (auth.routes.ts refuses it too).
            disableIdTokenSignIn: true,
            // An account is made only by /signup, with the terms agreed (requestSignUp): a new
            // person signing in on /login is sent to sign up (issue 40).
            disableImplicitSignUp: true,
          },
        }
      : {},
    plugins: [
      ...(config.devSignIn
        ? [
            genericOAuth({
              config: [
                {
                  providerId: DEV_OIDC_PROVIDER_ID,
                  name: 'Development sign-in',
                  clientId: DEV_OIDC_CLIENT_ID,
                  clientSecret: devOidcClientSecret(config.authSecret),
                  discoveryUrl: `${origin}${DEV_OIDC_PATH}/.well-known/openid-configuration`,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  requireIdTokenVerification: true,
                  // Log Out ends our session only; it does not sign the person out of the provider,
                  // so ask the provider to show its account chooser every time instead.
                  disableProviderLogout: true,
                  prompt: 'login',
                  // As Google's: accounts only from /signup, with the terms (requestSignUp).
                  disableImplicitSignUp: true,
                  mapProfileToUser: (profile) => ({
                    name: typeof profile.name === 'string' ? profile.name : '',
                    image: typeof profile.picture === 'string' ? profile.picture : undefined,
                    emailVerified: true,
                  }),
                },
              ],
            }),
          ]
        : []),
      ...(config.emailLinkEnabled
        ? [
            magicLink({
              expiresIn: 15 * 60,
              // The link opens a page that asks for an explicit confirmation, because mail
              // scanners open links; only that confirmation spends the token.
              // A link asked for on /signup (its terms box ticked) opens /signup, whose confirmation
              // may make the account; one from /login only signs an existing account in.
              sendMagicLink: async ({ email, token, metadata }) => {
                const page = metadata?.signUp === true ? 'signup' : 'login';
                await mailer.sendSignInLink(email, `${origin}/${page}?link=${encodeURIComponent(token)}`);
              },
            }),
          ]
        : []),
    ],
    databaseHooks: {
      // Every path that makes an account has had the terms agreed by then: Google and the
      // development provider only with requestSignUp (sent by /signup once its box is ticked),
      // the e-mail link only through a /signup confirmation (auth.routes.ts). Recorded here.
      user: {
        create: {
          before: async (user) => ({ data: { ...user, termsAcceptedAt: new Date() } }),
        },
      },
      session: {
        create: {
          after: async (session) => {
            await hooks.onSignIn(session.userId);
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
