import { apiMessages } from '@camo/shared/api-messages';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { RetryLaterError } from '../platform/engine-work.js';
import { HttpError } from '../platform/http-errors.js';
import { infrastructureFailure } from '../platform/infra-errors.js';

/**
 * Every error as `{ error, message }`: a request that fails its schema (400 with the first
 * problem), a service's HttpError (its status, code, message and details), an outage of the
 * database or the file store (503 with Retry-After), anything else (500, logged, a plain
 * sentence), and Fastify's own 4xx (malformed JSON, body too large, rate limit).
 */
export function errorHandler(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    return reply.code(400).send({ error: 'validation', message: first?.message ?? 'Invalid request.' });
  }
  if (error instanceof HttpError) {
    // Refused for now (platform/engine-work.ts): says when to ask again.
    if (error instanceof RetryLaterError) reply.header('retry-after', String(error.retryAfterSeconds));
    return reply.code(error.statusCode).send({ ...error.details, error: error.code, message: error.message });
  }
  const status = error.statusCode ?? 500;
  const infrastructure = status >= 500 ? infrastructureFailure(error) : null;
  if (infrastructure) {
    req.log.error({ err: error }, 'request failed: infrastructure');
    return reply
      .code(503)
      .header('retry-after', '10')
      .send({ error: infrastructure.code, message: infrastructure.message });
  }
  if (status >= 500) {
    req.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'internal', message: apiMessages.internal });
  }
  return reply.code(status).send({ error: error.code ?? 'bad_request', message: error.message });
}
