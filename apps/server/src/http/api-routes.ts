import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { commentsRoutes } from '../comments/comments.routes.js';
import type { AppContext } from '../compose.js';
import { concealmentRoutes } from '../concealment/concealment.routes.js';
import { contestRoutes } from '../contest/contest.routes.js';
import { designsRoutes } from '../designs/designs.routes.js';
import { galleryRoutes } from '../gallery/gallery.routes.js';
import { generationRoutes } from '../generation/generation.routes.js';
import { groundRoutes } from '../ground/ground.routes.js';
import { huntRoutes } from '../hunt/hunt.routes.js';
import { moderationRoutes } from '../moderation/moderation.routes.js';
import { authRoutes } from '../platform/auth/auth.routes.js';
import { registerDevOidcProvider } from '../platform/auth/dev-oidc-provider.js';
import { systemRoutes } from '../system/system.routes.js';
import { usersRoutes } from '../users/users.routes.js';
import { votesRoutes } from '../votes/votes.routes.js';

/** Every domain's routes, over the services of compose.ts, each guarded by the session resolver. */
export async function registerApiRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { config, sessions } = ctx;
  const origin = config.publicUrl.origin;
  await app.register(systemRoutes(config, ctx.database));
  await app.register(authRoutes({ auth: ctx.auth, repo: ctx.authRepository, config, sessions }));
  if (config.devSignIn)
    await registerDevOidcProvider(app, {
      origin,
      secret: config.authSecret,
      repo: ctx.authRepository,
      db: ctx.database.db,
    });
  await app.register(usersRoutes(ctx.users, sessions));
  await app.register(contestRoutes(ctx.contest, ctx.designs, sessions));
  await app.register(multipart);
  await app.register(generationRoutes(ctx.generation, sessions));
  await app.register(designsRoutes(ctx.designs, sessions));
  await app.register(votesRoutes(ctx.votes, sessions));
  await app.register(huntRoutes(ctx.hunt, sessions));
  await app.register(concealmentRoutes(ctx.concealment, ctx.calibration, sessions));
  await app.register(groundRoutes(ctx.ground, sessions));
  await app.register(commentsRoutes(ctx.comments, sessions));
  await app.register(galleryRoutes(ctx.gallery, sessions));
  await app.register(moderationRoutes(ctx.moderation, sessions));
}
