import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_ID_HEADER } from '@service-hub/contracts';
import { AppError, TooManyRequestsError } from '../../lib/errors.ts';
import { isDatabaseUnavailable } from '../../lib/database-unavailable.ts';
import type { ScimTenant } from './scim-access.ts';
import { MAX_RESULTS, resourceTypesOf, schemasOf, serviceProviderConfig } from './scim-discovery.ts';
import { ScimError, scimBadRequest } from './scim-errors.ts';
import {
  createGroup,
  deleteGroup,
  getGroup,
  listGroups,
  parseGroupResource,
  patchGroup,
  replaceGroup,
} from './scim-groups.service.ts';
import { parsePatchRequest } from './scim-patch.ts';
import { listResponse, pageOf } from './scim-resources.ts';
import { recordScimTokenUse, verifyScimToken } from './scim-tokens.repository.ts';
import { parseUserResource } from './scim-user-input.ts';
import {
  createUser,
  deleteUser,
  getUser,
  listUsers,
  patchUser,
  replaceUser,
  type ListQuery,
} from './scim-users.service.ts';
import type { Database } from '../../db/client.ts';

export const SCIM_CONTENT_TYPE = 'application/scim+json';

declare module 'fastify' {
  interface FastifyRequest {
    /** The customer's directory calling `/scim/v2` (modules/scim). */
    scimTenant: ScimTenant | null;
  }
}

export type ScimRoutesOptions = {
  db: Database;
  publicUrl: string;
  rateLimit: { max: number; windowMs: number };
  /**
   * Counts one request of `key` in its window in the limits table every instance shares (the
   * rate-limit plugin's own counter, handed in by app.ts); answers the count and the window's time left.
   */
  countRequest: (key: string, windowMs: number) => Promise<{ current: number; ttl: number }>;
};

/**
 * Access of every route below: the SCIM bearer token, checked by this plugin's own onRequest hook
 * (`scimTenant`), not a Hub sign-in — hence 'public' for the access plugin. Hidden from the Hub's
 * OpenAPI document: SCIM describes itself (/Schemas, /ResourceTypes). The Hub's per-user write
 * limit does not apply; each token has its own budget (RATE_LIMIT_SCIM).
 */
const ROUTE = { config: { access: 'public' as const, rateLimit: false as const }, schema: { hide: true } };

const QUERY_NAMES = new Set([
  'filter',
  'startIndex',
  'count',
  'attributes',
  'excludedAttributes',
  'sortBy',
  'sortOrder',
]);

function queryOf(request: FastifyRequest): Record<string, string | undefined> {
  const query = request.query as Record<string, unknown>;
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(query)) {
    if (!QUERY_NAMES.has(name))
      throw scimBadRequest('invalidValue', 'The request has a query parameter this service does not know.');
    if (typeof value !== 'string')
      throw scimBadRequest('invalidValue', 'A query parameter is given more than once.');
    if (value.length > 2000) throw scimBadRequest('invalidValue', 'A query parameter is too long.');
    out[name] = value;
  }
  return out;
}

function listQueryOf(request: FastifyRequest): ListQuery {
  const query = queryOf(request);
  return {
    ...pageOf(query, MAX_RESULTS),
    ...(query.filter ? { filter: query.filter } : {}),
    ...(query.attributes ? { attributes: query.attributes } : {}),
    ...(query.excludedAttributes ? { excludedAttributes: query.excludedAttributes } : {}),
  };
}

const tenantOf = (request: FastifyRequest): ScimTenant => {
  if (!request.scimTenant) throw new ScimError(401, 'Send a valid SCIM bearer token.');
  return request.scimTenant;
};

const ifMatchOf = (request: FastifyRequest) => {
  const value = request.headers['if-match'];
  return typeof value === 'string' ? value : undefined;
};

function sendScimError(reply: FastifyReply, error: ScimError) {
  return reply
    .code(error.status)
    .header(REQUEST_ID_HEADER, reply.request.id)
    .type(`${SCIM_CONTENT_TYPE}; charset=utf-8`)
    .send(error.toBody());
}

/** SCIM 2.0 (RFC 7643 / 7644) at /scim/v2 for customers' directories; docs/scim.md. */
export const scimRoutes: FastifyPluginAsync<ScimRoutesOptions> = async (app, options) => {
  const baseUrl = `${options.publicUrl}/scim/v2`;
  app.decorateRequest('scimTenant', null);
  // Directories send application/scim+json; the Hub's JSON parser (prototype-poisoning checks included) reads it.
  app.addContentTypeParser(
    SCIM_CONTENT_TYPE,
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ScimError) return sendScimError(reply, error);
    if (error instanceof TooManyRequestsError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
      return sendScimError(reply, new ScimError(429, error.message));
    }
    if (error instanceof AppError) {
      // NUL and lone surrogates (plugins/input-hygiene.ts) and the accounts-per-user limit, in SCIM's shape.
      const scimType = error.status === 400 ? 'invalidValue' : undefined;
      return sendScimError(reply, new ScimError(error.status, error.message, scimType));
    }
    if (isDatabaseUnavailable(error)) {
      reply.header('retry-after', '5');
      return sendScimError(
        reply,
        new ScimError(503, 'The service is briefly unavailable. Please try again in a moment.'),
      );
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return sendScimError(
        reply,
        new ScimError(
          status,
          status === 400 ? 'The request is not valid JSON.' : 'The request cannot be handled.',
          status === 400 ? 'invalidSyntax' : undefined,
        ),
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendScimError(reply, new ScimError(500, `Something went wrong. Reference: ${request.id}`));
  });
  app.setNotFoundHandler(async () => {
    throw new ScimError(404, 'There is nothing at this address.');
  });

  // The token first: nothing of the directory's data is read, parsed or validated for a caller without one.
  app.addHook('onRequest', async (request, reply) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const tenant = match ? await verifyScimToken(options.db, match[1]!) : undefined;
    if (!tenant) {
      reply.header('www-authenticate', 'Bearer realm="scim"');
      throw new ScimError(401, 'Send a valid SCIM bearer token.');
    }
    request.scimTenant = tenant;
    // The token's last use and its request count at once: two statements, one wait.
    const [{ current, ttl }] = await Promise.all([
      options.countRequest(`scim:${tenant.tokenId}`, options.rateLimit.windowMs),
      recordScimTokenUse(options.db, tenant.tokenId),
    ]);
    const reset = Math.max(1, Math.ceil(ttl / 1000));
    reply.header('ratelimit-limit', String(options.rateLimit.max));
    reply.header('ratelimit-remaining', String(Math.max(0, options.rateLimit.max - current)));
    reply.header('ratelimit-reset', String(reset));
    if (current > options.rateLimit.max) {
      reply.header('retry-after', String(reset));
      throw new ScimError(429, `Too many requests with this token. Try again in ${reset} seconds.`);
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json'))
      reply.header('content-type', `${SCIM_CONTENT_TYPE}; charset=utf-8`);
    return payload;
  });

  const created = (reply: FastifyReply, resource: { meta: { location: string; version: string } }) =>
    reply
      .code(201)
      .header('location', resource.meta.location)
      .header('etag', resource.meta.version)
      .send(resource);
  const found = (reply: FastifyReply, resource: { meta?: { version: string } }) => {
    if (resource.meta) reply.header('etag', resource.meta.version);
    return reply.send(resource);
  };

  app.get('/ServiceProviderConfig', ROUTE, async () => serviceProviderConfig(baseUrl));
  app.get('/ResourceTypes', ROUTE, async () => {
    const types = resourceTypesOf(baseUrl);
    return listResponse(types, types.length, 1);
  });
  app.get<{ Params: { id: string } }>('/ResourceTypes/:id', ROUTE, async (request) => {
    const type = resourceTypesOf(baseUrl).find((t) => t.id === request.params.id);
    if (!type) throw new ScimError(404, 'No such resource type.');
    return type;
  });
  app.get('/Schemas', ROUTE, async () => {
    const schemas = schemasOf(baseUrl);
    return listResponse(schemas, schemas.length, 1);
  });
  app.get<{ Params: { id: string } }>('/Schemas/:id', ROUTE, async (request) => {
    const schema = schemasOf(baseUrl).find((s) => s.id === request.params.id);
    if (!schema) throw new ScimError(404, 'No such schema.');
    return schema;
  });

  app.get('/Users', ROUTE, async (request) =>
    listUsers(options.db, tenantOf(request), listQueryOf(request), baseUrl),
  );
  app.post('/Users', ROUTE, async (request, reply) =>
    created(
      reply,
      await createUser(options.db, tenantOf(request), parseUserResource(request.body), request.id, baseUrl),
    ),
  );
  app.get<{ Params: { id: string } }>('/Users/:id', ROUTE, async (request, reply) => {
    queryOf(request);
    return found(reply, await getUser(options.db, tenantOf(request), request.params.id, baseUrl));
  });
  app.put<{ Params: { id: string } }>('/Users/:id', ROUTE, async (request, reply) =>
    found(
      reply,
      await replaceUser(
        options.db,
        tenantOf(request),
        request.params.id,
        parseUserResource(request.body),
        request.id,
        baseUrl,
        ifMatchOf(request),
      ),
    ),
  );
  app.patch<{ Params: { id: string } }>('/Users/:id', ROUTE, async (request, reply) =>
    found(
      reply,
      await patchUser(
        options.db,
        tenantOf(request),
        request.params.id,
        parsePatchRequest(request.body),
        request.id,
        baseUrl,
        ifMatchOf(request),
      ),
    ),
  );
  app.delete<{ Params: { id: string } }>('/Users/:id', ROUTE, async (request, reply) => {
    await deleteUser(options.db, tenantOf(request), request.params.id, request.id);
    return reply.code(204).send();
  });

  app.get('/Groups', ROUTE, async (request) =>
    listGroups(options.db, tenantOf(request), listQueryOf(request), baseUrl),
  );
  app.post('/Groups', ROUTE, async (request, reply) =>
    created(
      reply,
      await createGroup(options.db, tenantOf(request), parseGroupResource(request.body), request.id, baseUrl),
    ),
  );
  app.get<{ Params: { id: string } }>('/Groups/:id', ROUTE, async (request, reply) => {
    const query = queryOf(request);
    return found(
      reply,
      await getGroup(options.db, tenantOf(request), request.params.id, baseUrl, {
        ...(query.attributes ? { attributes: query.attributes } : {}),
        ...(query.excludedAttributes ? { excludedAttributes: query.excludedAttributes } : {}),
      }),
    );
  });
  app.put<{ Params: { id: string } }>('/Groups/:id', ROUTE, async (request, reply) => {
    const tenant = tenantOf(request);
    const id = await replaceGroup(
      options.db,
      tenant,
      request.params.id,
      parseGroupResource(request.body),
      request.id,
      ifMatchOf(request),
    );
    return found(reply, await getGroup(options.db, tenant, id, baseUrl));
  });
  // PATCH answers 204 (RFC 7644 3.5.2 allows it); Entra ID and Okta both accept it, and a group's
  // members list can be long.
  app.patch<{ Params: { id: string } }>('/Groups/:id', ROUTE, async (request, reply) => {
    await patchGroup(
      options.db,
      tenantOf(request),
      request.params.id,
      parsePatchRequest(request.body),
      request.id,
      ifMatchOf(request),
    );
    return reply.code(204).send();
  });
  app.delete<{ Params: { id: string } }>('/Groups/:id', ROUTE, async (request, reply) => {
    await deleteGroup(options.db, tenantOf(request), request.params.id, request.id);
    return reply.code(204).send();
  });
};
