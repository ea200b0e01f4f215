import { errorSchema } from '@camo/shared/api.schema';
import {
  calibrationSchema,
  designConcealmentSchema,
  figuresQuerySchema,
  variantConcealmentSchema,
} from '@camo/shared/concealment.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type SessionResolver } from '../platform/auth/session.js';
import { sendViewerJpeg, viewerRouteSchema } from '../platform/viewer-route.js';
import type { CalibrationService } from './calibration.service.js';
import type { ConcealmentService } from './concealment.service.js';

const designParams = z.object({ id: z.uuid('Not a valid design id.') });
const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };

/** Predicted concealment: a design's, A and B's, the viewer's picture, the calibration. */
export function concealmentRoutes(
  concealment: ConcealmentService,
  calibration: CalibrationService,
  session: SessionResolver,
): FastifyPluginAsyncZod {
  return async (app) => {
    const guarded = { preHandler: session.requireUser };

    app.get(
      '/api/designs/:id/predicted-hiding',
      {
        ...guarded,
        schema: {
          tags: ['concealment'],
          summary:
            'How well the design is predicted to hide in its photo, from a person and a deer at 10-100 m',
          params: designParams,
          querystring: figuresQuerySchema,
          response: { 200: designConcealmentSchema, ...errors },
        },
      },
      async (req) => concealment.designConcealment(req.params.id, currentUser(req).id, req.query.light),
    );

    app.get(
      '/api/designs/:id/predicted-hiding/variants',
      {
        ...guarded,
        schema: {
          tags: ['concealment'],
          summary: 'Designs A and B predicted in the uploaded photo (the choose screen)',
          params: designParams,
          querystring: figuresQuerySchema,
          response: { 200: variantConcealmentSchema, ...errors },
        },
      },
      async (req) => concealment.variantConcealment(req.params.id, currentUser(req).id, req.query.light),
    );

    app.get(
      '/api/designs/:id/predicted-hiding/view',
      {
        ...guarded,
        schema: {
          tags: ['concealment'],
          ...viewerRouteSchema,
          params: designParams,
        },
      },
      async (req, reply) =>
        sendViewerJpeg(
          req,
          reply,
          await concealment.view(
            req.params.id,
            currentUser(req).id,
            req.query.observer,
            req.query.distance,
            req.query.light,
          ),
        ),
    );

    app.get(
      '/api/predicted-hiding/calibration',
      {
        schema: {
          tags: ['concealment'],
          summary: 'How well the predictor agrees with the game, and whether it is calibrated yet (public)',
          response: { 200: calibrationSchema },
        },
      },
      async () => calibration.calibration(),
    );
  };
}
