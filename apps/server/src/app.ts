import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { publicConfigSchema } from '@camo/shared/api';
import type { Logger } from 'pino';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contestRoutes } from './contest/contest.routes.js';
import { createContestRepository } from './contest/contest.repository.js';
import { createAuth, lazyAuth } from './platform/auth/auth.js';
import { authRoutes } from './platform/auth/auth.routes.js';
import { DEV_OIDC_PROVIDER_ID, registerDevOidcProvider } from './platform/auth/dev-oidc-provider.js';
import { createSessionResolver } from './platform/auth/session.js';
import type { Config } from './platform/config.js';
import { pingDatabase, type Database } from './platform/db/database.js';
import { HttpError } from './platform/http-errors.js';
import { registerRequestGuards } from './platform/http-security.js';
import { loggerOptions } from './platform/logger.js';
import { createMailer, type Mailer } from './platform/mailer.js';
import { createStorage, LOCAL_FILES_PREFIX, type Storage } from './platform/storage.js';
import { createUsersRepository } from './users/users.repository.js';
import { usersRoutes } from './users/users.routes.js';
import { createUsersService } from './users/users.service.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');
const SEED_DIR = path.resolve(here, '../seed');

export interface AppDeps {
  config: Config;
  database: Database;
  storage?: Storage;
  mailer?: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/** Wires every piece with plain factory functions; the whole dependency graph is here. */
export async function buildApp({ config, database, storage, mailer }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const origin = config.publicUrl.origin;
  const { db } = database;
  const files = storage ?? createStorage(config);
  app.decorate('storage', files);
  const mail = mailer ?? createMailer(config, app.log as unknown as Logger);

  // --- outside world ---------------------------------------------------------------
  const usersRepository = createUsersRepository(db);
  const users = createUsersService(usersRepository);
  const auth = lazyAuth(() =>
    createAuth(config, db, mail, { onSignIn: users.onSignIn }, app.log as unknown as Logger),
  );
  const session = createSessionResolver(auth, db);

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
  // Per client address, on the API only: the web app's own files are not worth counting.
  await app.register(rateLimit, {
    global: true,
    max: config.apiRateLimitPerMinute,
    timeWindow: '1 minute',
    allowList: (req) => !req.url.startsWith('/api/'),
  });
  registerRequestGuards(app, origin);

  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.code(400).send({ error: 'validation', message: first?.message ?? 'Invalid request.' });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ error: error.code, message: error.message });
    }
    const status = error.statusCode ?? 500;
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
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

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

  await app.register(authRoutes({ auth, db, config }));
  if (config.devSignIn) await registerDevOidcProvider(app, { origin, secret: config.authSecret, db });
  await app.register(usersRoutes(users, session));
  await app.register(contestRoutes(createContestRepository(db)));

  // --- files -----------------------------------------------------------------------------
  await app.register(fastifyStatic, {
    root: SEED_DIR,
    prefix: '/seed/',
    decorateReply: false,
    maxAge: '7d',
  });
  if (!config.s3) {
    mkdirSync(path.join(config.dataDir, 'files'), { recursive: true });
    await app.register(fastifyStatic, {
      root: path.join(config.dataDir, 'files'),
      prefix: LOCAL_FILES_PREFIX,
      decorateReply: false,
      maxAge: '1h',
      allowedPath: (pathName) => !pathName.includes('..'),
    });
  }

  // --- the web app, with history fallback ------------------------------------------------
  const webDist = config.webDistDir ? path.resolve(config.webDistDir) : DEFAULT_WEB_DIST;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
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
  app.setNotFoundHandler((req, reply) => {
    const isPage =
      req.method === 'GET' &&
      !req.url.startsWith('/api/') &&
      (req.headers.accept ?? '').includes('text/html');
    if (isPage && hasWeb) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist);
    }
    return reply.code(404).send({ error: 'not_found', message: 'Not found.' });
  });

  app.addHook('onClose', async () => {
    await database.close();
  });

  return app;
}
