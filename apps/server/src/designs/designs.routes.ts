import { errorSchema } from '@camo/shared/api.schema';
import {
  designSchema,
  designStorySchema,
  editRequestSchema,
  renameDesignSchema,
  exportQuerySchema,
  selectVariantSchema,
  submitDesignSchema,
} from '@camo/shared/generation.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendRevalidated } from '../platform/revalidated.js';
import { currentUser, type SessionResolver } from '../platform/auth/session.js';
import type { DesignsService } from './designs.service.js';

const designParams = z.object({ id: z.uuid('Not a valid design id.') });
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

export function designsRoutes(designs: DesignsService, session: SessionResolver): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/designs/:id',
      {
        preHandler: session.requireUser,
        schema: {
          tags: ['designs'],
          summary: 'A design: any submitted one, or one of your own still pending',
          params: designParams,
          response: { 200: designSchema, ...errors },
        },
      },
      async (req) => designs.get(req.params.id, currentUser(req).id),
    );

    app.post(
      '/api/designs/:id/select',
      {
        preHandler: session.requireUser,
        schema: {
          tags: ['designs'],
          summary: 'Choose design A or B (owner, before submitting)',
          params: designParams,
          body: selectVariantSchema,
          response: { 200: designSchema, ...errors },
        },
      },
      async (req) => designs.select(req.params.id, currentUser(req).id, req.body.variant),
    );

    app.post(
      '/api/designs/:id/edit',
      {
        preHandler: session.requireUser,
        schema: {
          tags: ['designs'],
          summary: 'The one text edit of the selected design',
          description:
            'Runs as a job. 200: the edit is made (hasEdits). 202: it is still running; follow `editJob` on GET /api/designs/{id} until it is null (made) or failed. A failure answers with the error it would have had (422 edit_not_understood with suggestions, 503).',
          params: designParams,
          body: editRequestSchema,
          response: { 200: designSchema, 202: designSchema, ...errors, 422: errorSchema },
        },
      },
      async (req, reply) => {
        const { design, running } = await designs.edit(
          req.params.id,
          currentUser(req).id,
          req.body.editPrompt,
        );
        return reply.code(running ? 202 : 200).send(design);
      },
    );

    app.post(
      '/api/designs/:id/submit',
      {
        preHandler: session.requireUser,
        schema: {
          tags: ['designs'],
          summary: 'Name the design and submit it to the gallery',
          params: designParams,
          body: submitDesignSchema,
          response: { 200: designSchema, ...errors },
        },
      },
      async (req) => designs.submit(req.params.id, currentUser(req).id, req.body),
    );

    app.put(
      '/api/designs/:id/name',
      {
        preHandler: session.requireUser,
        schema: {
          tags: ['designs'],
          summary: "Name a design whose name is empty or 'No Name' (owner, once)",
          params: designParams,
          body: renameDesignSchema,
          response: { 200: designSchema, ...errors },
        },
      },
      async (req) => designs.rename(req.params.id, currentUser(req).id, req.body.name),
    );

    app.put(
      '/api/designs/:id/story',
      {
        preHandler: session.requireUser,
        schema: {
          tags: ['designs'],
          summary: "The designer's story (owner); an empty story removes it",
          params: designParams,
          body: designStorySchema,
          response: { 200: designSchema, ...errors },
        },
      },
      async (req) => designs.setStory(req.params.id, currentUser(req).id, req.body.story),
    );

    app.get(
      '/api/designs/:id/export',
      {
        preHandler: session.requireUser,
        schema: {
          tags: ['designs'],
          summary: 'Download the chosen design: a 1024 px seamless tile or a 4096 px print file (owner)',
          params: designParams,
          querystring: exportQuerySchema,
        },
      },
      async (req, reply) => {
        const file = await designs.exportImage(req.params.id, currentUser(req).id, req.query.size);
        return sendRevalidated(req, reply, file.bytes, 'image/png', {
          'content-disposition': `attachment; filename="${file.filename}"`,
        });
      },
    );
  };
}
