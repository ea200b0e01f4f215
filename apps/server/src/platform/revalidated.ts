import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Whether an If-None-Match header names this ETag (the weak comparison of RFC 9110 §13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/**
 * An image made for a signed-in viewer from a design or a ground photo (a viewer's picture, the
 * blend preview, the ground photo itself, an export), as decision 020 serves stored files: asked
 * again on every use (`private, no-cache`) with an ETag of its bytes, so a browser that has it
 * gets a 304 without them, and a hide or a delete answers the next use with the 404. Called
 * only once the bytes are made: an error before it carries none of these headers.
 */
export function sendRevalidated(
  req: FastifyRequest,
  reply: FastifyReply,
  bytes: Uint8Array,
  contentType: string,
  headers: Record<string, string> = {},
): FastifyReply {
  const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
  void reply.header('cache-control', 'private, no-cache').header('etag', etag).headers(headers);
  if (etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type(contentType).send(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes));
}
