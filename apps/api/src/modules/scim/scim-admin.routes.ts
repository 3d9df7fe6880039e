import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError,
  ZCreateScimTokenRequest,
  ZCreateScimTokenResponse,
  ZGetScimSettingsResponse,
  ZCustomerIdParam,
  ZRotateScimTokenRequest,
  ZRotateScimTokenResponse,
  ZScimGroupIdParam,
  ZListScimGroupsResponse,
  ZScimTokenIdParam,
  ZSetScimGroupGrantsRequest,
  ZUpdateScimSettingsRequest,
  ZUpdateScimSettingsResponse,
} from '@service-hub/contracts';
import { principalOf } from '../auth/request-context.ts';
import {
  assertManagesScim,
  createScimToken,
  getScimSettings,
  listScimGroups,
  revokeScimToken,
  rotateScimToken,
  setScimEnabled,
  setScimGroupGrants,
} from './scim-admin.service.ts';

/**
 * The account names itself in the path, like its API keys: provider administrators configure any
 * account's provisioning, also one they do not hold. `assertManagesScim` decides.
 */
const ADMINS = { access: { roles: ['SF_ADMIN', 'CustomerAdministrator', 'ProviderAdministrator'] as const } };
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const accountParams = z.object({ id: ZCustomerIdParam });
const tags = ['scim'];

/** SCIM provisioning's administration (issue 23); the directory's own protocol is modules/scim/scim.routes.ts. */
export const scimAdminRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, { publicUrl }) => {
  app.get(
    '/api/customers/:id/scim',
    {
      config: ADMINS,
      schema: {
        operationId: 'getScimSettings',
        tags,
        summary: "The account's SCIM provisioning: on or off, the base URL for the directory, its tokens",
        params: accountParams,
        response: { 200: ZGetScimSettingsResponse, ...errors },
      },
    },
    async (request) => {
      await assertManagesScim(app.db, principalOf(request), request.params.id);
      return getScimSettings(app.db, request.params.id, publicUrl);
    },
  );

  app.put(
    '/api/customers/:id/scim',
    {
      config: ADMINS,
      schema: {
        operationId: 'updateScimSettings',
        tags,
        summary: 'Switches SCIM provisioning on or off (off refuses every token at once)',
        params: accountParams,
        body: ZUpdateScimSettingsRequest,
        response: { 200: ZUpdateScimSettingsResponse, ...errors },
      },
    },
    async (request) => {
      await setScimEnabled(app.db, principalOf(request), request.params.id, request.body.enabled, request.id);
      return getScimSettings(app.db, request.params.id, publicUrl);
    },
  );

  app.post(
    '/api/customers/:id/scim/tokens',
    {
      config: ADMINS,
      schema: {
        operationId: 'createScimToken',
        tags,
        summary: 'Creates a bearer token for the directory; the token is shown in this answer only',
        params: accountParams,
        body: ZCreateScimTokenRequest,
        response: { 201: ZCreateScimTokenResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createScimToken(
            app.db,
            principalOf(request),
            request.params.id,
            request.body.expiresInDays,
            request.id,
          ),
        ),
  );

  app.post(
    '/api/customers/:id/scim/tokens/:tokenId/rotate',
    {
      config: ADMINS,
      schema: {
        operationId: 'rotateScimToken',
        tags,
        summary: 'A new token; the old one keeps working for the chosen hours, then stops',
        params: accountParams.extend({ tokenId: ZScimTokenIdParam }),
        body: ZRotateScimTokenRequest,
        response: { 201: ZRotateScimTokenResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await rotateScimToken(
            app.db,
            principalOf(request),
            request.params.id,
            request.params.tokenId,
            request.body.overlapHours,
            request.id,
          ),
        ),
  );

  app.delete(
    '/api/customers/:id/scim/tokens/:tokenId',
    {
      config: ADMINS,
      schema: {
        operationId: 'revokeScimToken',
        tags,
        summary: 'Revokes a SCIM token at once (it stays in the list as revoked)',
        params: accountParams.extend({ tokenId: ZScimTokenIdParam }),
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      await revokeScimToken(
        app.db,
        principalOf(request),
        request.params.id,
        request.params.tokenId,
        request.id,
      );
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/customers/:id/scim/groups',
    {
      config: ADMINS,
      schema: {
        operationId: 'listScimGroups',
        tags,
        summary:
          "The directory's groups with member counts and grants, and the accounts they may be mapped to",
        params: accountParams,
        response: { 200: ZListScimGroupsResponse, ...errors },
      },
    },
    async (request) => listScimGroups(app.db, principalOf(request), request.params.id),
  );

  app.put(
    '/api/customers/:id/scim/groups/:groupId/grants',
    {
      config: ADMINS,
      schema: {
        operationId: 'setScimGroupGrants',
        tags,
        summary: "Replaces what a directory group grants; every member's access follows at once",
        params: accountParams.extend({ groupId: ZScimGroupIdParam }),
        body: ZSetScimGroupGrantsRequest,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      await setScimGroupGrants(
        app.db,
        principalOf(request),
        request.params.id,
        request.params.groupId,
        request.body.grants,
        request.id,
      );
      return reply.code(204).send();
    },
  );
};
