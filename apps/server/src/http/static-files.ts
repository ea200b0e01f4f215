import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { registerFileRoutes } from '../files/files.routes.js';
import type { FilesService } from '../files/files.service.js';
import type { SessionResolver } from '../platform/auth/session.js';
import { serverPaths } from '../platform/paths.js';

/**
 * The Trophy Club's seed images (site assets nobody can hide), and the stored files, on the
 * local disk or in S3, each through the check of who may see it now (files/, decision 020).
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  deps: { files: FilesService; sessions: SessionResolver },
): Promise<void> {
  await app.register(fastifyStatic, {
    root: serverPaths.seedImages,
    prefix: '/seed/',
    decorateReply: false,
    maxAge: '7d',
  });
  registerFileRoutes(app, deps);
}
