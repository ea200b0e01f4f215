import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { publicConfigSchema } from '@camo/shared/api';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyRequest,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import multipart from '@fastify/multipart';
import { compose, type ComposeOptions } from './compose.js';
import { contestRoutes } from './contest/contest.routes.js';
import { designsRoutes } from './designs/designs.routes.js';
import { commentsRoutes } from './comments/comments.routes.js';
import { galleryRoutes } from './gallery/gallery.routes.js';
import { votesRoutes } from './votes/votes.routes.js';
import { huntRoutes } from './hunt/hunt.routes.js';
import { generationRoutes } from './generation/generation.routes.js';
import { createAuth, lazyAuth, sessionCookieName } from './platform/auth/auth.js';
import { createAuthRepository } from './platform/auth/auth.repository.js';
import { authRoutes } from './platform/auth/auth.routes.js';
import { DEV_OIDC_PROVIDER_ID, registerDevOidcProvider } from './platform/auth/dev-oidc-provider.js';
import { createSessionResolver } from './platform/auth/session.js';
import { infrastructureFailure } from './platform/infra-errors.js';
import { moderationRoutes } from './moderation/moderation.routes.js';
import { pingDatabase } from './platform/db/database.js';
import { HttpError } from './platform/http-errors.js';
import {
  clientKey,
  decodedPath,
  isApiPath,
  isApiRequest,
  registerLoopbackRedirect,
  registerRequestGuards,
} from './platform/http-security.js';
import {
  betterAuthRateLimitStorage,
  createRequestCounter,
  fastifyRateLimitStore,
} from './platform/rate-limits.js';
import { serverPaths } from './platform/paths.js';
import { createSharedCounters } from './platform/shared-counters.js';
import { LOCAL_FILES_PREFIX } from './platform/storage.js';
import { usersRoutes } from './users/users.routes.js';
import { sendHtml } from './web/html-reply.js';
import { createIndexPage, readIndexHtml } from './web/index-page.js';
import { loadServerRender, viewerFetch } from './web/server-render.js';
import { createRoutePreloads, readBuildManifest } from './web/route-preloads.js';

export interface AppDeps extends ComposeOptions {
  /** Process generation jobs in this process too (the embedded default). */
  workers?: boolean;
}

/** The HTTP server over the composition root (compose.ts). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const ctx = await compose(deps);
  const { config, database } = ctx;
  const logger: FastifyBaseLogger = ctx.log;
  const app = Fastify({
    loggerInstance: logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // One line per request, written when it is answered (below), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onResponse', async (req, reply) => {
    const ms = Math.round(reply.elapsedTime);
    req.log.info(
      { req, statusCode: reply.statusCode, ms },
      `${req.method} ${req.url.split('?')[0]} ${reply.statusCode} ${ms} ms`,
    );
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const origin = config.publicUrl.origin;
  const { db } = database;
  // Rate limits count per address across every API process (platform/rate-limits.ts).
  const sharedCounters = createSharedCounters(db, ctx.log);
  const requestCounter = createRequestCounter(sharedCounters);
  const auth = lazyAuth(() =>
    createAuth(config, db, ctx.mailer, { onSignIn: ctx.users.onSignIn }, ctx.log, {
      rateLimitStorage: betterAuthRateLimitStorage(requestCounter),
    }),
  );
  const authRepository = createAuthRepository(db);
  const session = createSessionResolver(auth, authRepository, {
    cookieName: sessionCookieName(config.publicUrl),
    standing: (userId) => ctx.moderation.standing(userId),
  });

  // --- cross-cutting -----------------------------------------------------------------
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'form-action': ["'self'", ...(config.google ? ['https://accounts.google.com'] : [])],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
        ...(config.isProduction ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  // Per client address (IPv6: per /64), on the API only: the web app's own files are not worth
  // counting. "The API" is decided on the matched route, so /%61pi/... counts too.
  await app.register(rateLimit, {
    global: true,
    max: config.apiRateLimitPerMinute,
    timeWindow: '1 minute',
    store: fastifyRateLimitStore(requestCounter),
    keyGenerator: (req) => clientKey(req.ip),
    allowList: (req) => !isApiRequest(req),
  });
  registerLoopbackRedirect(app, config.publicUrl);
  registerRequestGuards(app, origin);
  // API JSON on the fly (brotli at the plugin's quality 4, or gzip). The web app's files are
  // compressed at build time (served below with `preCompressed`), its pages by web/html-reply.ts;
  // images are compressed already, and the progress stream (text/event-stream, written on the raw
  // socket) is left alone.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.code(400).send({ error: 'validation', message: first?.message ?? 'Invalid request.' });
    }
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .send({ ...error.details, error: error.code, message: error.message });
    }
    const status = error.statusCode ?? 500;
    const infrastructure = status >= 500 ? infrastructureFailure(error) : null;
    if (infrastructure) {
      req.log.error({ err: error }, 'request failed: infrastructure');
      return reply
        .code(503)
        .header('retry-after', '10')
        .send({ error: infrastructure.code, message: infrastructure.message });
    }
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: 'internal', message: 'Something went wrong. Please try again.' });
    }
    // Fastify's own 4xx: malformed JSON, body too large, rate limit, ...
    return reply.code(status).send({ error: error.code ?? 'bad_request', message: error.message });
  });

  // --- API docs, generated from the same zod schemas that validate requests ----------
  await app.register(swagger, {
    openapi: {
      info: { title: `${config.siteName} API`, version: '1.0.0' },
      servers: [{ url: origin }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // swagger-ui sends its own policy; it keeps the site's rule that no page may be framed
    // (quality rule 9) and loads nothing from other origins.
    transformStaticCSP: (header) =>
      header.replace("frame-ancestors 'self'", "frame-ancestors 'none'").replaceAll(' https:', ''),
  });

  // --- routes --------------------------------------------------------------------------
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string() }),
          503: z.object({ status: z.string(), database: z.string() }),
        },
      },
    },
    async (_req, reply) => {
      const ok = await pingDatabase(db);
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
    async () => ({
      siteName: config.siteName,
      shopUrl: config.shopUrl,
      social: config.social,
      devSignIn: config.devSignIn,
      signInProvider: config.google ? 'google' : DEV_OIDC_PROVIDER_ID,
      emailLinkEnabled: config.emailLinkEnabled,
    }),
  );

  await app.register(authRoutes({ auth, repo: authRepository, config, sessions: session }));
  if (config.devSignIn)
    await registerDevOidcProvider(app, { origin, secret: config.authSecret, repo: authRepository, db });
  await app.register(usersRoutes(ctx.users, session));
  await app.register(contestRoutes(ctx.contest, ctx.designs, session));
  await app.register(multipart);
  await app.register(generationRoutes(ctx.generation, session));
  await app.register(designsRoutes(ctx.designs, session));
  await app.register(votesRoutes(ctx.votes, session));
  await app.register(
    huntRoutes(ctx.hunt, session, { contestTimeZone: config.contest.timeZone, fileUrl: ctx.fileUrl }),
  );
  await app.register(commentsRoutes(ctx.comments, session));
  await app.register(galleryRoutes(ctx.gallery, session));
  await app.register(moderationRoutes(ctx.moderation, session));

  // --- files -----------------------------------------------------------------------------
  await app.register(fastifyStatic, {
    root: serverPaths.seedImages,
    prefix: '/seed/',
    decorateReply: false,
    maxAge: '7d',
  });
  if (!config.s3) {
    mkdirSync(path.join(config.dataDir, 'files'), { recursive: true });
    // Keys are unique per photo and variant, and a published key is never rewritten with other
    // bytes (platform/storage.ts#storageKeys; the engine is seeded by the photo id), so a file
    // can be cached for good.
    await app.register(fastifyStatic, {
      root: path.join(config.dataDir, 'files'),
      prefix: LOCAL_FILES_PREFIX,
      decorateReply: false,
      maxAge: '365d',
      immutable: true,
      allowedPath: (pathName) => !pathName.includes('..'),
    });
  }

  // --- the web app, with history fallback ------------------------------------------------
  const webDist = config.webDistDir;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  const indexPage = hasWeb
    ? createIndexPage({
        html: readIndexHtml(path.join(webDist, 'index.html')),
        publicUrl: config.publicUrl,
        siteName: config.siteName,
        preloads: createRoutePreloads(readBuildManifest(path.join(webDist, '.vite/manifest.json'))),
        // No viewer: the service shows nobody's pending design. The page loads whatever happens
        // here; only its preview falls back to the site's own.
        findDesign: (id) =>
          ctx.designs.get(id, '').catch((error: unknown) => {
            if (!(error instanceof HttpError && error.statusCode === 404))
              logger.warn({ err: error as Error, designId: id }, 'link preview: design lookup failed');
            return null;
          }),
      })
    : null;
  // The pages rendered on the server first (apps/web/src/entry-server.tsx), when the build has it.
  const serverRender = hasWeb ? await loadServerRender(webDist) : null;
  const renderPage = async (req: FastifyRequest, html: string): Promise<string> => {
    if (!serverRender || req.method !== 'GET') return html;
    try {
      const page = await serverRender.render(new URL(req.url, origin), viewerFetch(app, req));
      return page ? serverRender.inject(html, page) : html;
    } catch (error) {
      logger.warn(
        { err: error as Error, url: req.url },
        'server render failed: the browser renders the page',
      );
      return html;
    }
  };
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (vite-plugin-compression2).
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        void reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  // Any other GET is a page of the web app, whatever its Accept header (curl and uptime probes
  // send */*); only the API and paths that name a missing file (an extension, or under
  // /assets/, /files/, /seed/) answer 404.
  // index.html carries the page's link-preview tags (web/index-page.ts) and, for a GET, the page
  // rendered as its viewer sees it.
  app.setNotFoundHandler(async (req, reply) => {
    const pathName = decodedPath(req.url);
    const isFile = /^\/(?:assets|files|seed)(?:\/|$)|\.[a-z0-9]+$/i.test(pathName);
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(pathName) && !isFile;
    if (isPage && indexPage)
      return sendHtml(req, reply, await renderPage(req, await indexPage.render(pathName)));
    return reply.code(404).send({ error: 'not_found', message: 'Not found.' });
  });

  app.addHook('onClose', async () => {
    await sharedCounters.close();
    await ctx.close();
  });
  if (deps.workers !== false) await ctx.startWorkers();

  return app;
}
