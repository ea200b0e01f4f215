import { errorSchema, userIdParamsSchema } from '@camo/shared/api.schema';
import { breedingMessages } from '@camo/shared/breeding.schema';
import { huntMessages } from '@camo/shared/hunt';
import {
  bestHidingSchema,
  concealmentSchema,
  huntBoardSchema,
  huntHiddenResultSchema,
  huntInsightsSchema,
  huntNothingToPlaySchema,
  huntPlayerSchema,
  huntRoundSchema,
  huntRoundStartSchema,
  huntTapResultSchema,
  huntTapSchema,
  huntTimeoutResultSchema,
} from '@camo/shared/hunt.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendRevalidated } from '../platform/revalidated.js';
import { currentUser, type SessionResolver } from '../platform/auth/session.js';
import type { DesignMeasuresService } from './design-measures.service.js';
import type { HuntInsightsService } from './hunt-insights.service.js';
import type { RoundService } from './round.service.js';

const roundParams = z.object({ id: z.uuid('Not a valid round id.') });
const designParams = z.object({ id: z.uuid('Not a valid design id.') });
const userParams = userIdParamsSchema;
const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };

/** Hide and seek: rounds, taps, scores (everything for signed-in people). */
export function huntRoutes(
  {
    rounds,
    insights,
    measures,
  }: { rounds: RoundService; insights: HuntInsightsService; measures: DesignMeasuresService },
  session: SessionResolver,
): FastifyPluginAsyncZod {
  return async (app) => {
    const guarded = { preHandler: session.requireUser };

    app.post(
      '/api/hunt/rounds',
      {
        ...guarded,
        schema: {
          tags: ['hunt'],
          summary:
            'Start a round: a scene made anew from a photo, at the shape of the room the page has for it, with one target hidden in it (where, only the server knows); 200 with no round when nothing is left to play',
          body: huntRoundStartSchema,
          response: { 201: huntRoundSchema, 200: huntNothingToPlaySchema, ...errors },
        },
      },
      async (req, reply) => {
        const groundId = req.body?.groundId ?? null;
        const round = await rounds.start(currentUser(req).id, req.body?.viewport, groundId);
        return round
          ? reply.code(201).send(round)
          : reply.code(200).send({
              round: null,
              message: groundId ? breedingMessages.noRoundsLeft : huntMessages.noDesigns,
            });
      },
    );

    app.get(
      '/api/hunt/rounds/:id/image',
      {
        ...guarded,
        schema: {
          tags: ['hunt'],
          summary: "The round's image, served once; the clock starts now",
          params: roundParams,
        },
      },
      async (req, reply) =>
        reply
          .type('image/jpeg')
          .header('cache-control', 'no-store')
          .send(await rounds.image(req.params.id, currentUser(req).id)),
    );

    app.post(
      '/api/hunt/rounds/:id/taps',
      {
        ...guarded,
        schema: {
          tags: ['hunt'],
          summary:
            'A tap in image pixels: a miss (counted; the last one allowed ends the round not found), or found',
          params: roundParams,
          body: huntTapSchema,
          response: { 200: huntTapResultSchema, ...errors },
        },
      },
      async (req) => rounds.tap(req.params.id, currentUser(req).id, req.body),
    );

    app.post(
      '/api/hunt/rounds/:id/timeout',
      {
        ...guarded,
        schema: {
          tags: ['hunt'],
          summary: 'Time is up: the round ends as not found and the target is revealed',
          params: roundParams,
          response: { 200: huntTimeoutResultSchema, ...errors },
        },
      },
      async (req) => rounds.timeout(req.params.id, currentUser(req).id),
    );

    app.post(
      '/api/hunt/rounds/:id/hidden',
      {
        ...guarded,
        schema: {
          tags: ['hunt'],
          summary: 'The page’s tab was hidden during the round: the round is void and counts nowhere',
          params: roundParams,
          response: { 200: huntHiddenResultSchema, ...errors },
        },
      },
      async (req) => rounds.hidden(req.params.id, currentUser(req).id),
    );

    app.get(
      '/api/designs/:id/hunt',
      {
        ...guarded,
        schema: {
          tags: ['hunt'],
          summary: 'How well a design hides: the share of hunters who found it and the time they took',
          params: designParams,
          response: { 200: concealmentSchema, ...errors },
        },
      },
      async (req) => insights.concealment(req.params.id, currentUser(req).id),
    );

    app.get(
      '/api/designs/:id/blend-preview',
      {
        ...guarded,
        schema: {
          tags: ['hunt'],
          summary:
            'The design on a silhouette in its own photo, beside a plain one in the photo’s mean colour',
          params: designParams,
          querystring: z.object({ variant: z.enum(['A', 'B', 'final']).default('final') }),
        },
      },
      async (req, reply) =>
        sendRevalidated(
          req,
          reply,
          await measures.blendPreview(req.params.id, currentUser(req).id, req.query.variant),
          'image/jpeg',
        ),
    );

    app.get(
      '/api/users/:id/hunt',
      {
        ...guarded,
        schema: {
          tags: ['hunt'],
          summary: "A player's record: rounds, share found, median time to find",
          params: userParams,
          response: { 200: huntPlayerSchema, ...errors },
        },
      },
      async (req) => insights.player(req.params.id),
    );

    app.get(
      '/api/hunt/best-hiding',
      {
        schema: {
          tags: ['hunt'],
          summary: "The Trophy Club's best-hiding design of each month (public, like the Trophy Club)",
          response: { 200: bestHidingSchema },
        },
      },
      async () => insights.bestHiding(),
    );

    app.get(
      '/api/hunt/insights',
      {
        ...guarded,
        schema: {
          tags: ['hunt'],
          summary:
            "Every scored design's concealment beside the engine's measures, and their rank correlations",
          response: { 200: huntInsightsSchema, ...errors },
        },
      },
      async () => insights.insights(),
    );

    app.get(
      '/api/hunt/board',
      {
        ...guarded,
        schema: {
          tags: ['hunt'],
          summary: "This week's sharpest eyes",
          response: { 200: huntBoardSchema, ...errors },
        },
      },
      async () => insights.board(),
    );
  };
}
