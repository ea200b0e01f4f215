import { errorSchema } from '@camo/shared/api.schema';
import {
  bredDesignPageSchema,
  groundListSchema,
  groundPageSchema,
  startGroundSchema,
  takeToGallerySchema,
} from '@camo/shared/breeding.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type SessionResolver } from '../platform/auth/session.js';
import type { BreedingService } from './breeding.service.js';

const groundParams = z.object({ id: z.uuid('Not a valid breeding ground id.') });
const designParams = z.object({ id: z.uuid('Not a valid design id.') });
const sizeQuery = z.object({ size: z.enum(['full', 'thumb']).default('full') });
const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };
/** A ground's photo and its designs' images never change once made. */
const IMMUTABLE = 'private, max-age=31536000, immutable';

/** Breeding grounds (decision 038): for signed-in people, as the gallery is. */
export function breedingRoutes(breeding: BreedingService, session: SessionResolver): FastifyPluginAsyncZod {
  return async (app) => {
    const guarded = { preHandler: session.requireUser };

    app.get(
      '/api/breeding/grounds',
      {
        ...guarded,
        schema: {
          tags: ['breeding'],
          summary: 'Breeding grounds, newest first',
          response: { 200: groundListSchema, ...errors },
        },
      },
      async () => breeding.list(),
    );

    app.post(
      '/api/breeding/grounds',
      {
        ...guarded,
        schema: {
          tags: ['breeding'],
          summary:
            "Start a breeding ground from a gallery design's photo or your own ground photo; its first generation is drawn by a job",
          body: startGroundSchema,
          response: { 201: z.object({ id: z.string() }), 429: errorSchema, 503: errorSchema, ...errors },
        },
      },
      async (req, reply) => reply.code(201).send(await breeding.start(currentUser(req).id, req.body)),
    );

    app.get(
      '/api/breeding/grounds/:id',
      {
        ...guarded,
        schema: {
          tags: ['breeding'],
          summary: "A ground: its generation's designs, each generation's lines and the claim it may make",
          params: groundParams,
          response: { 200: groundPageSchema, ...errors },
        },
      },
      async (req) => breeding.page(req.params.id, currentUser(req).id),
    );

    app.get(
      '/api/breeding/grounds/:id/photo',
      {
        ...guarded,
        schema: {
          tags: ['breeding'],
          summary: "A ground's photo (WebP)",
          params: groundParams,
          querystring: sizeQuery,
        },
      },
      async (req, reply) =>
        reply
          .type('image/webp')
          .header('cache-control', IMMUTABLE)
          .send(await breeding.photo(req.params.id, req.query.size)),
    );

    app.get(
      '/api/breeding/designs/:id',
      {
        ...guarded,
        schema: {
          tags: ['breeding'],
          summary: 'A bred design with its family tree back to the first generation',
          params: designParams,
          response: { 200: bredDesignPageSchema, ...errors },
        },
      },
      async (req) => breeding.design(req.params.id),
    );

    app.post(
      '/api/breeding/designs/:id/gallery',
      {
        ...guarded,
        schema: {
          tags: ['breeding'],
          summary:
            'Take a bred design into the gallery under a name: design A of a gallery design of yours, credited to its ground and lineage',
          params: designParams,
          body: takeToGallerySchema,
          response: { 201: z.object({ designId: z.string() }), 409: errorSchema, ...errors },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await breeding.takeToGallery(currentUser(req).id, req.params.id, req.body.name)),
    );

    app.get(
      '/api/breeding/designs/:id/image',
      {
        ...guarded,
        schema: {
          tags: ['breeding'],
          summary: "A bred design's tile (PNG), or its thumbnail (WebP)",
          params: designParams,
          querystring: sizeQuery,
        },
      },
      async (req, reply) =>
        reply
          .type(req.query.size === 'thumb' ? 'image/webp' : 'image/png')
          .header('cache-control', IMMUTABLE)
          .send(await breeding.image(req.params.id, req.query.size)),
    );
  };
}
