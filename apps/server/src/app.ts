import compress from '@fastify/compress';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type onRouteHookHandler,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { compose, type ComposeOptions } from './compose.js';
import { registerApiDocs } from './http/api-docs.js';
import { registerApiRoutes } from './http/api-routes.js';
import { registerApiRateLimit } from './http/api-rate-limit.js';
import { errorHandler } from './http/error-handler.js';
import { registerRequestLog } from './http/request-log.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerStaticFiles } from './http/static-files.js';
import { registerLoopbackRedirect, registerRequestGuards } from './platform/http-security.js';
import { registerWebPages } from './web/web-pages.js';

export interface AppDeps extends ComposeOptions {
  /** Process generation jobs in this process too (the embedded default; buildApp only). */
  workers?: boolean;
  /** Sees every route as it is added (the API tests read each route's response schemas). */
  onRoute?: onRouteHookHandler;
}

/** The HTTP server over the composition root (compose.ts), with its job workers started. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { app, startWorkers } = await buildServer(deps);
  if (deps.workers !== false) await startWorkers();
  return app;
}

/**
 * The HTTP server over the composition root: plugins and routes, in order. Its job workers are
 * left to the caller, so `npm start` can serve first and start them after (main.ts).
 */
export async function buildServer(
  deps: AppDeps,
): Promise<{ app: FastifyInstance; startWorkers: () => Promise<void> }> {
  const ctx = await compose(deps);
  const { config } = ctx;
  const origin = config.publicUrl.origin;
  const logger: FastifyBaseLogger = ctx.log;
  const app = Fastify({
    loggerInstance: logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Cross-cutting: one log line a request, headers, limits, one origin, compression, errors.
  registerRequestLog(app);
  await registerSecurityHeaders(app, config);
  await registerApiRateLimit(app, config.apiRateLimitPerMinute, ctx.requestCounter);
  registerLoopbackRedirect(app, config.publicUrl);
  registerRequestGuards(app, origin);
  // API JSON on the fly; the web app's files are compressed at build time, its pages by
  // web/html-reply.ts; images are compressed already and the progress stream is left alone.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  app.setErrorHandler(errorHandler);
  await registerApiDocs(app, { siteName: config.siteName, origin });

  // The API: every domain's routes (api-routes.ts).
  await registerApiRoutes(app, ctx);

  // Files and the web app's pages.
  await registerStaticFiles(app, ctx);
  await registerWebPages(app, {
    webDist: config.webDistDir,
    publicUrl: config.publicUrl,
    siteName: config.siteName,
    // No viewer: the service shows nobody's pending design.
    findDesign: (id) => ctx.designs.get(id, ''),
    log: ctx.log,
    pageRateLimit: { perMinute: config.pageRateLimitPerMinute, counter: ctx.requestCounter },
  });

  app.addHook('onClose', () => ctx.close());
  // Every design's ranking features are read into memory now, not by the first person to rank a
  // photo (seconds at 100,000 designs; ground/ground-index.ts).
  app.addHook('onReady', async () => {
    void ctx.ground
      .warm()
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'ranking index not loaded'));
  });
  return { app, startWorkers: () => ctx.startWorkers() };
}
