import { errorSchema, userIdParamsSchema } from '@camo/shared/api.schema';
import {
  contestOverviewSchema,
  contestResultsSchema,
  contestStandingsSchema,
  designContestSchema,
  designerWinsSchema,
  trophyClubSchema,
} from '@camo/shared/contest.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DesignsService } from '../designs/designs.service.js';
import { currentUser, type SessionResolver } from '../platform/auth/session.js';
import type { ContestService } from './contest.service.js';

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };

/**
 * The contest's rules, counts, countdown, winners and Trophy Club are public (the home page shows
 * the Trophy Club to everybody); the entries themselves (standings, full results, one design's
 * entry, a designer's wins) need a sign-in, as the gallery and design pages do.
 */
export function contestRoutes(
  contest: ContestService,
  designs: DesignsService,
  session: SessionResolver,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/contest',
      {
        schema: {
          tags: ['contest'],
          summary: 'The rules, the open month (entries, voters, close) and the closed months’ winners',
          response: { 200: contestOverviewSchema },
        },
      },
      async () => contest.overview(),
    );

    app.get(
      '/api/contest/standings',
      {
        preHandler: session.requireUser,
        schema: {
          tags: ['contest'],
          summary: 'The open month’s live top 10 (for signed-in people, as the gallery is)',
          response: { 200: contestStandingsSchema, 401: errorSchema },
        },
      },
      async () => contest.standings(),
    );

    app.get(
      '/api/contest/months/:month',
      {
        preHandler: session.requireUser,
        schema: {
          tags: ['contest'],
          summary: 'A closed month’s full results',
          params: z.object({ month: z.string().regex(/^\d{4}-\d{2}$/, 'A month is written YYYY-MM.') }),
          response: { 200: contestResultsSchema, ...errors },
        },
      },
      async (req) => contest.results(req.params.month),
    );

    app.get(
      '/api/contest/winners',
      {
        schema: {
          tags: ['contest'],
          summary: 'Trophy Club: every month’s winner, oldest first, and the month now open',
          response: { 200: trophyClubSchema },
        },
      },
      async () => contest.trophyClub(),
    );

    app.get(
      '/api/designs/:id/contest',
      {
        preHandler: session.requireUser,
        schema: {
          tags: ['contest'],
          summary: 'The contest month a design entered and how its votes count',
          params: z.object({ id: z.uuid('Not a valid design id.') }),
          response: { 200: designContestSchema, ...errors },
        },
      },
      async (req) => contest.entryOf(await designs.get(req.params.id, currentUser(req).id)),
    );

    app.get(
      '/api/users/:id/wins',
      {
        preHandler: session.requireUser,
        schema: {
          tags: ['contest'],
          summary: 'The months a designer won',
          params: userIdParamsSchema,
          response: { 200: designerWinsSchema, ...errors },
        },
      },
      async (req) => contest.winsOf(req.params.id),
    );
  };
}
