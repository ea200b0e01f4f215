import { trophyWinnerSchema } from '@camo/shared/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContestRepository } from './contest.repository.js';

export function contestRoutes(repo: ContestRepository): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/contest/winners',
      {
        schema: {
          tags: ['contest'],
          summary: 'Trophy Club: the winner of each past month, newest first',
          response: { 200: z.object({ winners: z.array(trophyWinnerSchema) }) },
        },
      },
      async () => {
        const rows = await repo.winners();
        return {
          winners: rows.map((w) => ({
            month: w.month,
            patternName: w.patternName,
            designerName: w.designerName,
            imageUrl: w.imageUrl,
            designId: w.designId,
            voteCount: w.voteCount,
          })),
        };
      },
    );
  };
}
