import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this a compressed page saves less than its headers cost. */
const THRESHOLD = 1024;

/**
 * A page of the web app from the not-found handler. @fastify/compress only hooks routes, and this
 * handler is not one, so the (small, per-path) HTML is compressed here with zlib.
 */
export function sendHtml(req: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  // A page carries its viewer's own data (decision 007): never kept by a shared cache.
  void reply
    .header('cache-control', 'private, no-cache')
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  const body = Buffer.from(html);
  const encoding =
    body.length < THRESHOLD
      ? null
      : negotiate(req.headers['accept-encoding'] ?? '', ['br', 'gzip', 'identity']);
  if (encoding === 'br')
    return reply
      .header('content-encoding', 'br')
      .send(brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }));
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipSync(body));
  return reply.send(body);
}
