import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { clientKey, isApiRequest } from '../platform/http-security.js';
import { fastifyRateLimitStore, type RequestCounter } from '../platform/rate-limits.js';

/**
 * API_RATE_LIMIT_PER_MINUTE per client address (IPv6: per /64), counted across every API
 * process (platform/rate-limits.ts), on the API only: the web app's own files are not worth
 * counting. "The API" is decided on the matched route, so /%61pi/... counts too.
 */
export async function registerApiRateLimit(
  app: FastifyInstance,
  perMinute: number,
  counter: RequestCounter,
): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: perMinute,
    timeWindow: '1 minute',
    store: fastifyRateLimitStore(counter),
    keyGenerator: (req) => clientKey(req.ip),
    allowList: (req) => !isApiRequest(req),
  });
}
