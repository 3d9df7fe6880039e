import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { REQUEST_ID_HEADER } from '@service-hub/contracts';
import type { RouteAccess } from './access.ts';
import { webhooksSection } from '../modules/webhooks/webhook-openapi.ts';

type OpenApiDocument = ReturnType<typeof jsonSchemaTransformObject>;

const TAGS = [
  { name: 'system', description: 'Health, readiness and the web app’s runtime configuration' },
  { name: 'auth', description: 'The own authentication service, e-mailed links and invitations to accept' },
  {
    name: 'identity provider',
    description: 'The sign-in interaction of the built-in OpenID Connect provider',
  },
  { name: 'users', description: 'The signed-in user, invitations and e-mail changes' },
  { name: 'customers', description: 'Customer accounts, access to them and their sign-in rules' },
  { name: 'notifications', description: 'Notifications and their live stream' },
  {
    name: 'reports',
    description: 'Reports of tracking data, generated in the background, and their schedules',
  },
  { name: 'services', description: 'Services, their applications and permissions (provider administrators)' },
  {
    name: 'support',
    description: 'Support contact per market, and support cases with replies and attachments',
  },
  { name: 'edi connect', description: 'EDI connect communication orders (deployment requests)' },
  { name: 'tracking', description: 'Track and trace of outgoing files and documents (active account)' },
  {
    name: 'edi tracking',
    description: 'EDI track and trace: consignments, documents and messages (active account)',
  },
  { name: 'ingestion', description: 'Tracking data from production and print systems, and their API keys' },
  { name: 'saved views', description: 'Saved and shared views of lists, and the columns each user shows' },
  {
    name: 'webhooks',
    description:
      'Webhook endpoints of the active account, their signing secrets and the delivery log; the payloads are in `webhooks`',
  },
  {
    name: 'developer',
    description:
      "API keys with which a customer's own systems read the account's tracking (docs/api-keys.md)",
  },
];

/** Components nothing refers to (e.g. the input twins of schemas used only in responses) are left out. */
function withoutUnusedSchemas(document: OpenApiDocument): OpenApiDocument {
  const doc = document as { paths?: unknown; components?: { schemas?: Record<string, unknown> } };
  const schemas = doc.components?.schemas;
  if (!schemas) return document;
  const used = new Set<string>();
  const visit = (value: unknown) => {
    const text = JSON.stringify(value) ?? '';
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (name && !used.has(name)) {
        used.add(name);
        visit(schemas[name]);
      }
    }
  };
  visit(doc.paths);
  doc.components!.schemas = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return document;
}

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
      operation['x-access'] =
        access === 'public'
          ? { public: true }
          : access === 'apiKey'
            ? { apiKey: true }
            : { signedIn: true, ...access };
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
          'has the ApiError shape. A 429 (a rate limit or a lockout) carries `Retry-After`: the whole seconds ' +
          'until a retry can succeed. Account-scoped operations take `activeAccountId`; `x-access` on each ' +
          'operation states who may call it.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/', description: 'This Service Hub installation' }],
      tags: TAGS,
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'With single sign-on (USE_AUTH_SERVICE=0): the identity provider’s ID token. With the own ' +
              'authentication service (USE_AUTH_SERVICE=1): the access token from POST /api/auth/login or ' +
              '/api/auth/refresh (15 minutes). Or an account API key (`shr_…`) on the operations whose ' +
              '`x-access` names an `apiKeyScope`.',
          },
          apiKeyAuth: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Api-Key',
            description:
              'A production system’s API key (the ingestion API), created by provider administrators and shown once.',
          },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'hub_session',
            description:
              'The own authentication service’s refresh token: httpOnly, SameSite=Lax, sent only to /api/auth; ' +
              'it rotates on every use.',
          },
        },
      },
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const access = input.route.config?.access;
      // Public operations say so (`security: []`) unless they name what they read, like the cookie.
      const security =
        access === 'public' ? [] : access === 'apiKey' ? [{ apiKeyAuth: [] }] : [{ bearerAuth: [] }];
      transformed.schema = { security, ...transformed.schema };
      return transformed;
    },
    transformObject: (input) =>
      withoutUnusedSchemas(
        // OpenAPI 3.1's `webhooks`: what the Hub sends to customers' endpoints (docs/webhooks.md).
        {
          ...withAccessRules(jsonSchemaTransformObject(input), app.accessRules),
          webhooks: webhooksSection(),
        },
      ),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

export default fp(openapiPlugin, { name: 'openapi' });
