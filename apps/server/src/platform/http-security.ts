import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError, UnsupportedMediaTypeError } from './http-errors.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * quality.md rule 6: a state change under /api needs a same-origin browser request
 * (Sec-Fetch-Site or Origin) and a JSON body; routes that take uploads opt in to multipart
 * with `config: { multipart: true }`. GET never changes state.
 */
export function isSameOrigin(req: FastifyRequest, origin: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin') return false;
  const requestOrigin = req.headers.origin;
  if (typeof requestOrigin === 'string') return requestOrigin === origin;
  return site === 'same-origin';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    multipart?: boolean;
  }
}

export function registerRequestGuards(app: FastifyInstance, origin: string): void {
  app.addHook('onRequest', async (req) => {
    if (!STATE_CHANGING.has(req.method) || !req.url.startsWith('/api/')) return;
    if (!isSameOrigin(req, origin)) throw new ForbiddenError('Cross-site requests are not allowed.');
    const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    const multipartAllowed = req.routeOptions.config?.multipart === true;
    if (type === 'application/json') return;
    if (multipartAllowed && type === 'multipart/form-data') return;
    throw new UnsupportedMediaTypeError('Send a JSON body (Content-Type: application/json).');
  });
}
