import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The style attribute swagger-ui's script applies (@fastify/swagger-ui 5), as CSP hashes it. */
const SWAGGER_UI_STYLE_HASH = 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w=';

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
    // No badge from validator.swagger.io: the policy below loads nothing from other origins.
    uiConfig: { validatorUrl: null },
    staticCSP: true,
    // swagger-ui sends its own policy; it keeps the site's rule that no page may be framed
    // (quality rule 9) and loads nothing from other origins. The one style attribute swagger-ui's
    // script sets is allowed by its hash alone (it was a console error on every visit).
    transformStaticCSP: (header) =>
      header
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replaceAll(' https:', '')
        .replace(' validator.swagger.io', '')
        .replace(/style-src 'self'\s*;/, `style-src 'self' 'unsafe-hashes' '${SWAGGER_UI_STYLE_HASH}';`),
  });
}
