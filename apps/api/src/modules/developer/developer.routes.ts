import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAccountApiKeyIdParam,
  ZApiError,
  ZCreateAccountApiKeyRequest,
  ZCreateAccountApiKeyResponse,
  ZCustomerIdParam,
  ZListAccountApiKeysResponse,
} from '@service-hub/contracts';
import { principalOf } from '../auth/request-context.ts';
import { listAccountApiKeys } from './account-api-keys.repository.ts';
import { assertManagesKeys, createAccountApiKey, revokeAccountKey } from './account-api-keys.service.ts';

/**
 * The account names itself in the path, like its users (`/api/customers/:id/users`): provider
 * administrators manage the keys of any account, also one they do not hold, which
 * `activeAccountId` (an account the caller holds) could not express. `assertManagesKeys` decides.
 */
const ADMINS = { access: { roles: ['SF_ADMIN', 'CustomerAdministrator', 'ProviderAdministrator'] as const } };
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const accountParams = z.object({ id: ZCustomerIdParam });

/** Account API keys for the customer's own systems (issue 22); docs/api-keys.md. */
export const developerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/customers/:id/api-keys',
    {
      config: ADMINS,
      schema: {
        operationId: 'listAccountApiKeys',
        tags: ['developer'],
        summary: "The account's API keys, revoked ones included, with their scopes and last use",
        params: accountParams,
        response: { 200: ZListAccountApiKeysResponse, ...errors },
      },
    },
    async (request) => {
      await assertManagesKeys(app.db, principalOf(request), request.params.id);
      return listAccountApiKeys(app.db, request.params.id);
    },
  );

  app.post(
    '/api/customers/:id/api-keys',
    {
      config: ADMINS,
      schema: {
        operationId: 'createAccountApiKey',
        tags: ['developer'],
        summary: 'Creates an API key that reads this account; the key is shown in this answer only',
        params: accountParams,
        body: ZCreateAccountApiKeyRequest,
        response: { 201: ZCreateAccountApiKeyResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createAccountApiKey(
            app.db,
            principalOf(request),
            request.params.id,
            request.body,
            request.id,
          ),
        ),
  );

  app.delete(
    '/api/customers/:id/api-keys/:keyId',
    {
      config: ADMINS,
      schema: {
        operationId: 'revokeAccountApiKey',
        tags: ['developer'],
        summary: 'Revokes an API key of the account at once (it stays in the list as revoked)',
        params: accountParams.extend({ keyId: ZAccountApiKeyIdParam }),
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      await revokeAccountKey(
        app.db,
        principalOf(request),
        request.params.id,
        request.params.keyId,
        request.id,
      );
      return reply.code(204).send();
    },
  );
};
