import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../compose.js';
import { authRoutes } from '../platform/auth/auth.routes.js';
import { registerDevOidcProvider } from '../platform/auth/dev-oidc-provider.js';

/**
 * The API: sign-in's routes (and the development provider's, when on), the multipart parser the
 * photo uploads use, then every domain's routes in compose.ts's order, each guarded by the
 * session resolver there.
 */
export async function registerApiRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { config, sessions } = ctx;
  await app.register(authRoutes({ auth: ctx.auth, repo: ctx.authRepository, config, sessions }));
  if (config.devSignIn)
    await registerDevOidcProvider(app, {
      origin: config.publicUrl.origin,
      secret: config.authSecret,
      repo: ctx.authRepository,
      db: ctx.database.db,
    });
  await app.register(multipart);
  for (const routes of ctx.routes) await app.register(routes);
}
