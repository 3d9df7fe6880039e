import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { REQUEST_ID_HEADER } from '@service-hub/contracts';
import type { RouteAccess } from './access.ts';

type OpenApiDocument = ReturnType<typeof jsonSchemaTransformObject>;

/**
 * Each operation carries its access rule as `x-access` (`{ "public": true }`, or the roles and the
 * account rule), so a change of who may call what shows up as a diff of the committed document.
 */
function withAccessRules(
  document: OpenApiDocument,
  rules: ReadonlyMap<string, RouteAccess>,
): OpenApiDocument {
  const paths = (document as { paths?: Record<string, Record<string, Record<string, unknown>>> }).paths ?? {};
  for (const [key, access] of rules) {
    const [method, url] = key.split(' ') as [string, string];
    const operation = paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
    if (operation)
      operation['x-access'] = access === 'public' ? { public: true } : { signedIn: true, ...access };
  }
  return document;
}

/**
 * OpenAPI 3.1 generated from the routes' zod schemas, served at /api/openapi.json with a
 * readable page at /api/docs. The web client is generated from the same document.
 */
async function openapiPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Service Hub API',
        version: '1.0.0',
        description:
          'Customer portal API. Send `Authorization: Bearer <token>` on every protected call and ' +
          `optionally \`${REQUEST_ID_HEADER}\`; every response carries \`${REQUEST_ID_HEADER}\` and every error ` +
          'has the ApiError shape.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const access = input.route.config?.access;
      if (access && access !== 'public') {
        transformed.schema = { ...transformed.schema, security: [{ bearerAuth: [] }] };
      }
      return transformed;
    },
    transformObject: (input) => withAccessRules(jsonSchemaTransformObject(input), app.accessRules),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

export default fp(openapiPlugin, { name: 'openapi' });
