import { errorSchema } from '@camo/shared/api.schema';
import {
  galleryPageSchema,
  galleryQuerySchema,
  galleryStatesSchema,
  type GalleryPage,
} from '@camo/shared/community.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type SessionResolver } from '../platform/auth/session.js';
import type { GalleryService } from './gallery.service.js';

export function galleryRoutes(gallery: GalleryService, session: SessionResolver): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/gallery',
      {
        preHandler: session.requireUser,
        schema: {
          tags: ['gallery'],
          summary: 'Submitted designs, 12 a page: sorted by votes or recent, filtered, searched',
          querystring: galleryQuerySchema,
          response: { 200: galleryPageSchema, 400: errorSchema, 401: errorSchema },
        },
      },
      // The body comes checked against galleryPageSchema and serialised, kept with the page
      // (decision 006). Fastify sends a string with a JSON content type as it is; the type
      // provider knows only the parsed shape, hence the cast.
      async (req, reply) => {
        const body = await gallery.pageJson(req.query, currentUser(req).id);
        return reply.type('application/json; charset=utf-8').send(body as unknown as GalleryPage);
      },
    );

    app.get(
      '/api/gallery/states',
      {
        preHandler: session.requireUser,
        schema: {
          tags: ['gallery'],
          summary: 'How many submitted designs each state has',
          response: { 200: galleryStatesSchema, 401: errorSchema },
        },
      },
      async () => gallery.states(),
    );
  };
}
