import type { FastifyInstance, FastifyReply } from 'fastify';
import { etagMatches } from '../platform/revalidated.js';
import type { SessionResolver } from '../platform/auth/session.js';
import { FILES_PREFIX } from '../platform/storage.js';
import type { FileAudience, FilesService } from './files.service.js';

/**
 * Every use asks again (`no-cache`), with the ETag making that a 304 without the bytes: a file
 * that moderation can hide is never kept past its next use. `public` lets a shared cache or CDN
 * keep a community file on the same terms; `private` keeps an owner's or a moderator's view out
 * of them.
 */
const CACHE_CONTROL: Record<FileAudience, string> = {
  public: 'public, no-cache',
  private: 'private, no-cache',
};

/** A file that is not there and a file this viewer may not see get the same 404, kept by nobody. */
function notFound(reply: FastifyReply): FastifyReply {
  void reply.header('cache-control', 'no-store');
  reply.callNotFound();
  return reply;
}

/** GET /files/<key>: a stored file, to whoever may see it now (files.service.ts, decision 020). */
export function registerFileRoutes(
  app: FastifyInstance,
  deps: { files: FilesService; sessions: SessionResolver },
): void {
  app.get(
    `${FILES_PREFIX}*`,
    // Not an API operation: files are named by the URLs the API hands out.
    { schema: { hide: true } },
    async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      const file = await deps.files.open(key, async () => (await deps.sessions.resolve(req))?.id);
      if (!file) return notFound(reply);
      void reply
        .header('cache-control', CACHE_CONTROL[file.audience])
        .header('etag', file.etag)
        .header('last-modified', file.lastModified.toUTCString());
      if (etagMatches(req.headers['if-none-match'], file.etag)) return reply.code(304).send();
      void reply.type(file.contentType).header('content-length', file.contentLength);
      return reply.send(await file.stream());
    },
  );
}
