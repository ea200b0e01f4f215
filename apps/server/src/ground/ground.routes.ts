import { errorSchema } from '@camo/shared/api.schema';
import { figuresQuerySchema } from '@camo/shared/concealment.schema';
import {
  groundDesignSchema,
  groundEyeSchema,
  groundPhotoListSchema,
  groundPhotoPatchSchema,
  groundPhotoSchema,
  groundRankingQuerySchema,
  groundRankingSchema,
} from '@camo/shared/ground.schema';
import { limits } from '@camo/shared/limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readPhotoUpload } from '../engine/photo-upload.js';
import { sendRevalidated } from '../platform/revalidated.js';
import { currentUser, type SessionResolver } from '../platform/auth/session.js';
import { ValidationError } from '../platform/http-errors.js';
import { sendViewerJpeg, viewerRouteSchema } from '../platform/viewer-route.js';
import type { GroundService } from './ground.service.js';

const photoParams = z.object({ id: z.uuid('Not a valid photo id.') });
const designParams = photoParams.extend({ designId: z.uuid('Not a valid design id.') });
const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };

/**
 * A person's own ground photos and the gallery ranked in one (issue 28). Every route is the
 * signed-in owner's: another person's photo is a 404, as one that does not exist.
 */
export function groundRoutes(ground: GroundService, session: SessionResolver): FastifyPluginAsyncZod {
  return async (app) => {
    const guarded = { preHandler: session.requireUser };

    app.post(
      '/api/ground-photos',
      {
        ...guarded,
        config: { multipart: true },
        schema: {
          tags: ['ground'],
          summary: 'Upload a photo of your own ground (private to you) to rank the designs in',
          description:
            'multipart/form-data: optional fields observer (deer or person) and distance (10, 25, 50 or 100), then the file field photo (JPEG, PNG or WebP), checked as the create flow checks it.',
          response: { 201: groundPhotoSchema, 413: errorSchema, 429: errorSchema, ...errors },
        },
      },
      async (req, reply) => {
        const { photo, fields } = await readPhotoUpload(req, 4);
        const eye = groundEyeSchema.safeParse(fields);
        if (!eye.success) throw new ValidationError(eye.error.issues[0]?.message ?? 'Not a valid eye.');
        const created = await ground.upload(currentUser(req).id, photo, {
          observer: eye.data.observer,
          distanceM: eye.data.distance,
        });
        return reply.code(201).send(created);
      },
    );

    app.get(
      '/api/ground-photos',
      {
        ...guarded,
        schema: {
          tags: ['ground'],
          summary: 'Your ground photos, newest first, with the daily upload limit',
          response: { 200: groundPhotoListSchema, 401: errorSchema },
        },
      },
      async (req) => ground.list(currentUser(req).id),
    );

    app.get(
      '/api/ground-photos/:id/image',
      {
        ...guarded,
        schema: {
          tags: ['ground'],
          summary: 'The photo itself (WebP), for its owner only',
          params: photoParams,
        },
      },
      async (req, reply) =>
        sendRevalidated(req, reply, await ground.image(req.params.id, currentUser(req).id), 'image/webp'),
    );

    app.patch(
      '/api/ground-photos/:id',
      {
        ...guarded,
        schema: {
          tags: ['ground'],
          summary: 'Keep the photo past 30 days, or stop keeping it',
          params: photoParams,
          body: groundPhotoPatchSchema,
          response: { 200: groundPhotoSchema, ...errors },
        },
      },
      async (req) => ground.setKept(req.params.id, currentUser(req).id, req.body.kept),
    );

    app.delete(
      '/api/ground-photos/:id',
      {
        ...guarded,
        schema: {
          tags: ['ground'],
          summary: 'Delete the photo and every ranking made in it',
          params: photoParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (req, reply) => {
        await ground.remove(req.params.id, currentUser(req).id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/ground-photos/:id/ranking',
      {
        ...guarded,
        schema: {
          tags: ['ground'],
          summary:
            'The gallery ranked by predicted hiding in the photo, for an eye and distance, with its filters',
          params: photoParams,
          querystring: groundRankingQuerySchema,
          response: { 200: groundRankingSchema, ...errors },
        },
      },
      async (req) => ground.ranking(req.params.id, currentUser(req).id, req.query, limits.galleryPageSize),
    );

    app.get(
      '/api/ground-photos/:id/designs/:designId',
      {
        ...guarded,
        schema: {
          tags: ['ground'],
          summary: 'One design in the photo: predicted hiding from a person and a deer at 10-100 m',
          params: designParams,
          querystring: figuresQuerySchema,
          response: { 200: groundDesignSchema, ...errors },
        },
      },
      async (req) =>
        ground.designInPhoto(req.params.id, req.params.designId, currentUser(req).id, req.query.light),
    );

    app.get(
      '/api/ground-photos/:id/designs/:designId/view',
      {
        ...guarded,
        schema: {
          tags: ['ground'],
          ...viewerRouteSchema,
          params: designParams,
        },
      },
      async (req, reply) =>
        sendViewerJpeg(
          req,
          reply,
          await ground.view(
            req.params.id,
            req.params.designId,
            currentUser(req).id,
            req.query.observer,
            req.query.distance,
            req.query.light,
          ),
        ),
    );
  };
}
