import { errorSchema } from '@camo/shared/api.schema';
import { commentListSchema, commentSchema, createCommentSchema } from '@camo/shared/community.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type SessionResolver } from '../platform/auth/session.js';
import type { CommentsService } from './comments.service.js';

const designParams = z.object({ id: z.uuid('Not a valid design id.') });
const commentParams = z.object({ id: z.uuid('Not a valid comment id.') });
const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };

export function commentsRoutes(comments: CommentsService, session: SessionResolver): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/designs/:id/comments',
      {
        preHandler: session.requireUser,
        schema: {
          tags: ['comments'],
          summary: "A design's comments, newest first, with their count",
          params: designParams,
          response: { 200: commentListSchema, ...errors },
        },
      },
      async (req) => comments.list(req.params.id, currentUser(req).id),
    );

    app.post(
      '/api/designs/:id/comments',
      {
        preHandler: session.requireUser,
        schema: {
          tags: ['comments'],
          summary: 'Comment on a submitted design (text is stored as typed and shown as text)',
          params: designParams,
          body: createCommentSchema,
          response: { 201: commentSchema, ...errors, 429: errorSchema },
        },
      },
      async (req, reply) => {
        const created = await comments.create(req.params.id, currentUser(req).id, req.body.text);
        return reply.code(201).send(created);
      },
    );

    app.delete(
      '/api/comments/:id',
      {
        preHandler: session.requireUser,
        schema: {
          tags: ['comments'],
          summary: "Delete a comment: its author or the design's owner",
          params: commentParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (req, reply) => {
        await comments.delete(req.params.id, currentUser(req).id);
        return reply.code(204).send(null);
      },
    );
  };
}
