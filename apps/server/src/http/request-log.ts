import type { FastifyInstance } from 'fastify';

/**
 * One log line per request, written when it is answered (Fastify's own two lines are off:
 * app.ts): method, path without its query (which can hold tokens), status and time.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (req, reply) => {
    const ms = Math.round(reply.elapsedTime);
    req.log.info(
      { req, statusCode: reply.statusCode, ms },
      `${req.method} ${req.url.split('?')[0]} ${reply.statusCode} ${ms} ms`,
    );
  });
}
