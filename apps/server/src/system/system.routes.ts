import { healthSchema, publicConfigSchema, type PublicConfig } from '@camo/shared/api.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEV_OIDC_PROVIDER_ID } from '../platform/auth/dev-oidc-provider.js';
import type { Config } from '../platform/config.js';
import { pingDatabase, type Database } from '../platform/db/database.js';

/** Liveness with the database's reachability, and the public settings the web app needs. */
export function systemRoutes(config: Config, database: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Liveness and database reachability',
          response: { 200: healthSchema, 503: healthSchema },
        },
      },
      async (_req, reply) => {
        const ok = await pingDatabase(database.db);
        if (!ok) return reply.code(503).send({ status: 'degraded', database: 'unreachable' });
        return { status: 'ok' as const, database: database.kind };
      },
    );

    app.get(
      '/api/config',
      {
        schema: {
          tags: ['system'],
          summary: 'Public settings the web app needs',
          response: { 200: publicConfigSchema },
        },
      },
      async (): Promise<PublicConfig> => ({
        siteName: config.siteName,
        shopUrl: config.shopUrl,
        social: config.social,
        devSignIn: config.devSignIn,
        // What the sign-in button really starts: Google when configured, else the development
        // provider only when it is on (api-routes.ts mounts it), else nothing.
        signInProvider: config.google ? 'google' : config.devSignIn ? DEV_OIDC_PROVIDER_ID : null,
        emailLinkEnabled: config.emailLinkEnabled,
        designGenerator: config.openai ? 'ai' : 'built-in',
      }),
    );
  };
}
