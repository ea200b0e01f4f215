import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../platform/config.js';

/**
 * quality.md rules 7 and 9: a content security policy that loads nothing from other origins
 * (Google's sign-in form excepted), no framing, HSTS in production; no error reply cacheable.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
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
  // An error reply is never kept: a route may have set a cacheable Cache-Control before its work
  // failed (a picture's `private, no-cache`), and a 404 kept would outlive a restore.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (reply.statusCode >= 400) void reply.header('cache-control', 'no-store');
    return payload;
  });
}
