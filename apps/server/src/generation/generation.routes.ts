import { errorSchema } from '@camo/shared/api.schema';
import {
  generationFieldsSchema,
  generationListSchema,
  generationMessages,
  generationSchema,
  generationStartedSchema,
} from '@camo/shared/generation.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type SessionResolver } from '../platform/auth/session.js';
import { ValidationError } from '../platform/http-errors.js';
import type { GenerationService } from './generation.service.js';
import { readPhotoUpload } from '../engine/photo-upload.js';

const photoParams = z.object({ photoId: z.uuid('Not a valid generation id.') });

/** How often an open progress stream re-reads the record (changes made by another process). */
const STREAM_POLL_MS = 1000;

export function generationRoutes(
  generation: GenerationService,
  session: SessionResolver,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/generations',
      {
        preHandler: session.requireUser,
        config: { multipart: true },
        schema: {
          tags: ['generation'],
          summary: 'Upload an environment photo and start generating designs A and B',
          description:
            'multipart/form-data: fields description, state, county, designToggles (JSON), idempotencyKey, then the file field photo (JPEG, PNG or WebP).',
          response: {
            200: generationStartedSchema,
            202: generationStartedSchema,
            400: errorSchema,
            413: errorSchema,
            429: errorSchema,
          },
        },
      },
      async (req, reply) => {
        const { photo, fields } = await readPhotoUpload(req);
        let toggles: unknown = undefined;
        if (fields.designToggles) {
          try {
            toggles = JSON.parse(fields.designToggles);
          } catch {
            throw new ValidationError('designToggles must be JSON.');
          }
        }
        const parsed = generationFieldsSchema.safeParse({ ...fields, designToggles: toggles });
        if (!parsed.success)
          throw new ValidationError(parsed.error.issues[0]?.message ?? generationMessages.missingInputs);
        const started = await generation.start(currentUser(req).id, parsed.data, photo);
        return reply.code(started.created ? 202 : 200).send({ photoId: started.photoId });
      },
    );

    app.get(
      '/api/generations',
      {
        preHandler: session.requireUser,
        schema: {
          tags: ['generation'],
          summary: "The signed-in user's unfinished generations (running, or designs not yet submitted)",
          response: { 200: generationListSchema, 401: errorSchema },
        },
      },
      async (req) => ({ generations: await generation.unfinished(currentUser(req).id) }),
    );

    app.get(
      '/api/generations/:photoId',
      {
        preHandler: session.requireUser,
        schema: {
          tags: ['generation'],
          summary: 'A generation of the signed-in user: status, stage, outcome and design',
          params: photoParams,
          response: { 200: generationSchema, 401: errorSchema, 404: errorSchema },
        },
      },
      async (req) => generation.get(req.params.photoId, currentUser(req).id),
    );

    app.get(
      '/api/generations/:photoId/events',
      {
        preHandler: session.requireUser,
        schema: {
          tags: ['generation'],
          summary: 'Server-Sent Events: the generation each time it changes, until it ends',
          params: photoParams,
        },
      },
      async (req, reply) => {
        const userId = currentUser(req).id;
        const first = await generation.get(req.params.photoId, userId);
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-content-type-options': 'nosniff',
          'x-accel-buffering': 'no',
        });
        let last = '';
        let closed = false;
        const send = (view: typeof first) => {
          const json = JSON.stringify(view);
          if (json === last || closed) return;
          last = json;
          res.write(`event: generation\ndata: ${json}\n\n`);
          if (view.status === 'completed' || view.status === 'failed') finish();
        };
        let busy = false;
        const refresh = async () => {
          if (busy || closed) return;
          busy = true;
          try {
            send(await generation.get(req.params.photoId, userId));
          } catch (error) {
            req.log.warn({ err: error as Error }, 'progress stream refresh failed');
          } finally {
            busy = false;
          }
        };
        const unsubscribe = generation.subscribe(req.params.photoId, () => void refresh());
        const timer = setInterval(() => void refresh(), STREAM_POLL_MS);
        const heartbeat = setInterval(() => !closed && res.write(': keep-alive\n\n'), 15_000);
        function finish() {
          if (closed) return;
          closed = true;
          clearInterval(timer);
          clearInterval(heartbeat);
          unsubscribe();
          res.end();
        }
        req.raw.on('close', finish);
        res.write('retry: 2000\n\n');
        send(first);
      },
    );
  };
}
