import { errorSchema, userIdParamsSchema } from '@camo/shared/api.schema';
import {
  blockedUserListSchema,
  createReportSchema,
  dismissReportsSchema,
  moderationLogSchema,
  moderationReasonSchema,
  myReportListSchema,
  queueSchema,
} from '@camo/shared/moderation.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type SessionResolver } from '../platform/auth/session.js';
import type { ModerationService } from './moderation.service.js';

const uuidParams = z.object({ id: z.uuid('Not a valid id.') });
const userParams = userIdParamsSchema;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const done = { 204: z.null(), ...errors };

/** Reports (anybody signed in) and the moderators' queue, actions and log (ADMIN_EMAILS). */
export function moderationRoutes(
  moderation: ModerationService,
  session: SessionResolver,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/reports',
      {
        preHandler: session.requireUser,
        schema: {
          tags: ['moderation'],
          summary: "Report somebody else's design or comment, with a reason (once per item)",
          body: createReportSchema,
          response: done,
        },
      },
      async (req, reply) => {
        await moderation.report(currentUser(req).id, req.body);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/me/reports',
      {
        preHandler: session.requireUser,
        schema: {
          tags: ['moderation'],
          summary: 'Your reports, newest first, with what came of each',
          response: { 200: myReportListSchema, 401: errorSchema },
        },
      },
      async (req) => moderation.mine(currentUser(req).id),
    );

    app.get(
      '/api/admin/reports',
      {
        preHandler: session.requireAdmin,
        schema: {
          tags: ['moderation'],
          summary: 'Moderators: open reports grouped by item, oldest first',
          response: { 200: queueSchema, 401: errorSchema, 403: errorSchema },
        },
      },
      async () => moderation.queue(),
    );

    app.get(
      '/api/admin/log',
      {
        preHandler: session.requireAdmin,
        schema: {
          tags: ['moderation'],
          summary: 'Moderators: every action taken, newest first, with who and why',
          response: { 200: moderationLogSchema, 401: errorSchema, 403: errorSchema },
        },
      },
      async () => moderation.log(),
    );

    app.get(
      '/api/admin/blocked',
      {
        preHandler: session.requireAdmin,
        schema: {
          tags: ['moderation'],
          summary: 'Moderators: the people blocked now',
          response: { 200: blockedUserListSchema, 401: errorSchema, 403: errorSchema },
        },
      },
      async () => moderation.blockedUsers(),
    );

    type Action = (adminId: string, id: string, reason: string, on: boolean) => Promise<void>;
    const hideDesign: Action = (...args) => moderation.hideDesign(...args);
    const hideComment: Action = (...args) => moderation.hideComment(...args);
    const blockUser: Action = (...args) => moderation.blockUser(...args);
    const actions = [
      ['/api/admin/designs/:id/hide', 'hide a design from the community', uuidParams, hideDesign, true],
      ['/api/admin/designs/:id/restore', 'show a hidden design again', uuidParams, hideDesign, false],
      ['/api/admin/comments/:id/hide', 'hide a comment', uuidParams, hideComment, true],
      ['/api/admin/comments/:id/restore', 'show a hidden comment again', uuidParams, hideComment, false],
      [
        '/api/admin/users/:id/block',
        'block a person from posting, voting and generating',
        userParams,
        blockUser,
        true,
      ],
      ['/api/admin/users/:id/unblock', 'lift a block', userParams, blockUser, false],
    ] as const;
    for (const [url, summary, params, action, on] of actions) {
      app.post(
        url,
        {
          preHandler: session.requireAdmin,
          schema: {
            tags: ['moderation'],
            summary: `Moderators: ${summary} (the reason is logged)`,
            params,
            body: moderationReasonSchema,
            response: done,
          },
        },
        async (req, reply) => {
          await action(currentUser(req).id, req.params.id, req.body.reason, on);
          return reply.code(204).send(null);
        },
      );
    }

    app.post(
      '/api/admin/reports/dismiss',
      {
        preHandler: session.requireAdmin,
        schema: {
          tags: ['moderation'],
          summary: "Moderators: close an item's open reports and leave it up (the reason is logged)",
          body: dismissReportsSchema,
          response: done,
        },
      },
      async (req, reply) => {
        await moderation.dismiss(
          currentUser(req).id,
          req.body.targetType,
          req.body.targetId,
          req.body.reason,
        );
        return reply.code(204).send(null);
      },
    );
  };
}
