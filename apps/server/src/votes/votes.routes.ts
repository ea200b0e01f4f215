import { errorSchema } from '@camo/shared/api.schema';
import {
  myVotesQuerySchema,
  myVotesSchema,
  voteRequestSchema,
  voteStatusSchema,
} from '@camo/shared/community.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type SessionResolver } from '../platform/auth/session.js';
import type { VotesService } from './votes.service.js';

const designParams = z.object({ id: z.uuid('Not a valid design id.') });
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export function votesRoutes(votes: VotesService, session: SessionResolver): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/designs/:id/vote',
      {
        preHandler: session.requireUser,
        schema: {
          tags: ['votes'],
          summary: "Vote for another designer's submitted design (once; a repeat changes nothing)",
          params: designParams,
          body: voteRequestSchema,
          response: { 200: voteStatusSchema, ...errors },
        },
      },
      async (req) => votes.vote(req.params.id, currentUser(req).id),
    );

    app.get(
      '/api/designs/:id/vote',
      {
        preHandler: session.requireUser,
        schema: {
          tags: ['votes'],
          summary: "A design's vote count and whether you have voted for it",
          params: designParams,
          response: { 200: voteStatusSchema, ...errors },
        },
      },
      async (req) => votes.status(req.params.id, currentUser(req).id),
    );

    app.get(
      '/api/me/votes',
      {
        preHandler: session.requireUser,
        schema: {
          tags: ['votes'],
          summary: 'Which of the given designs (comma-separated ids) you have voted for',
          querystring: myVotesQuerySchema,
          response: { 200: myVotesSchema, 400: errorSchema, 401: errorSchema },
        },
      },
      async (req) => votes.mine(currentUser(req).id, req.query.designIds),
    );
  };
}
