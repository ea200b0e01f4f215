import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document and its UI at /api/docs, generated from the zod schemas of the routes. */
export async function registerApiDocs(app: FastifyInstance, options: { siteName: string; origin: string }) {
  await app.register(swagger, {
    openapi: {
      info: { title: `${options.siteName} API`, version: '1.0.0' },
      servers: [{ url: options.origin }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // swagger-ui sends its own policy; it keeps the site's rule that no page may be framed
    // (quality rule 9) and loads nothing from other origins.
    transformStaticCSP: (header) =>
      header.replace("frame-ancestors 'self'", "frame-ancestors 'none'").replaceAll(' https:', ''),
  });
}
