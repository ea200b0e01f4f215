import { viewerQuerySchema } from '@camo/shared/concealment.schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendRevalidated } from './revalidated.js';

/**
 * The viewer's picture (issues 28 and 39): a photo with a hunter wearing a design at a distance,
 * as a person or a deer resolves it. A design's own photo (concealment/) and someone's own ground
 * photo (ground/) serve it alike: the same query, the same words in the API docs, a JPEG that the
 * browser asks for again with its ETag.
 */
export const viewerRouteSchema = {
  summary:
    'The photo with a hunter wearing the design at a distance, as a person or a deer resolves it (JPEG)',
  querystring: viewerQuerySchema,
} as const;

export const sendViewerJpeg = (req: FastifyRequest, reply: FastifyReply, jpeg: Uint8Array): FastifyReply =>
  sendRevalidated(req, reply, jpeg, 'image/jpeg');
