import {
  designListSchema,
  errorSchema,
  memberCountSchema,
  privateProfileSchema,
  publicUserSchema,
  userIdParamsSchema,
} from '@camo/shared/api.schema';
import { updateProfileSchema } from '@camo/shared/profile.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type SessionResolver } from '../platform/auth/session.js';
import type { UsersService } from './users.service.js';

/** Ids are server-generated; anything else cannot name a user. */
const userIdParams = userIdParamsSchema;

export function usersRoutes(users: UsersService, session: SessionResolver): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/members/count',
      {
        schema: {
          tags: ['members'],
          summary: 'Number of members (accounts ever created)',
          response: { 200: memberCountSchema },
        },
      },
      async () => ({ count: await users.memberCount() }),
    );

    app.get(
      '/api/me',
      {
        preHandler: session.requireUser,
        schema: {
          tags: ['users'],
          summary: "The signed-in user's own profile, private fields included",
          response: { 200: privateProfileSchema, 401: errorSchema },
        },
      },
      // The e-mail address and private fields: kept by no cache, not even the browser's.
      async (req, reply) => {
        const me = await users.me(currentUser(req).id);
        return reply.header('cache-control', 'private, no-store').send(me);
      },
    );

    app.patch(
      '/api/me',
      {
        preHandler: session.requireUser,
        schema: {
          tags: ['users'],
          summary: 'Change one or more of display name, phone number, zip code and the promotions flag',
          body: updateProfileSchema,
          response: { 200: privateProfileSchema, 400: errorSchema, 401: errorSchema },
        },
      },
      async (req, reply) => {
        const me = await users.updateMe(currentUser(req).id, req.body);
        return reply.header('cache-control', 'private, no-store').send(me);
      },
    );

    app.get(
      '/api/users/:id',
      {
        preHandler: session.requireUser,
        schema: {
          tags: ['users'],
          summary: 'A designer’s public profile',
          params: userIdParams,
          response: { 200: publicUserSchema, 401: errorSchema, 404: errorSchema },
        },
      },
      async (req) => users.publicUser(req.params.id),
    );

    app.get(
      '/api/users/:id/designs',
      {
        preHandler: session.requireUser,
        schema: {
          tags: ['users'],
          summary: 'A designer’s designs, newest first (drafts only for their owner)',
          params: userIdParams,
          response: { 200: designListSchema, 401: errorSchema },
        },
      },
      async (req) => ({ designs: await users.designsOf(req.params.id, currentUser(req).id) }),
    );
  };
}
