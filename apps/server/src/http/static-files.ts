import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../platform/config.js';
import { serverPaths } from '../platform/paths.js';
import { LOCAL_FILES_PREFIX, servedFromFiles } from '../platform/storage.js';

/** The Trophy Club's seed images, and the stored files when they are local (not S3). */
export async function registerStaticFiles(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyStatic, {
    root: serverPaths.seedImages,
    prefix: '/seed/',
    decorateReply: false,
    maxAge: '7d',
  });
  if (config.s3) return;
  mkdirSync(path.join(config.dataDir, 'files'), { recursive: true });
  // Keys are unique per photo and variant, and a published key is never rewritten with other
  // bytes (platform/storage.ts#storageKeys; the engine is seeded by the photo id), so a file
  // can be cached for good.
  await app.register(fastifyStatic, {
    root: path.join(config.dataDir, 'files'),
    prefix: LOCAL_FILES_PREFIX,
    decorateReply: false,
    maxAge: '365d',
    immutable: true,
    allowedPath: (pathName) => servedFromFiles(pathName),
  });
}
