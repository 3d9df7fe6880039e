import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError,
  ZCreateWebhookEndpointRequest,
  ZCreateWebhookEndpointResponse,
  ZGetWebhookEndpointResponse,
  ZListWebhookDeliveriesRequest,
  ZListWebhookDeliveriesResponse,
  ZListWebhookEndpointsResponse,
  ZReplayFailedWebhookDeliveriesRequest,
  ZReplayFailedWebhookDeliveriesResponse,
  ZReplayWebhookDeliveryResponse,
  ZRotateWebhookSecretRequest,
  ZRotateWebhookSecretResponse,
  ZSendWebhookTestEventResponse,
  ZUpdateWebhookEndpointRequest,
  ZUpdateWebhookEndpointResponse,
  ZWebhookDeliveryIdParam,
  ZWebhookEndpointIdParam,
} from '@service-hub/contracts';
import { accountOf, principalOf } from '../auth/request-context.ts';
import type { AddressPolicy } from './webhook-address-policy.ts';
import { listDeliveries, listEndpoints } from './webhooks.repository.ts';
import {
  assertManagesWebhooks,
  changeEndpoint,
  createEndpoint,
  getEndpoint,
  removeEndpoint,
  replayDelivery,
  replayFailed,
  rotateSecret,
  sendTestEvent,
  type ActingOn,
} from './webhooks.service.ts';

/** The account's administrators: customer administrators of it and provider administrators. */
const ADMINS = {
  access: {
    roles: ['SF_ADMIN', 'CustomerAdministrator', 'ProviderAdministrator'] as const,
    account: {},
  },
};
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError };
const tags = ['webhooks'];

const actingOn = (request: FastifyRequest): ActingOn => ({
  principal: principalOf(request),
  customerId: accountOf(request).id,
  permissions: accountOf(request).permissions,
  requestId: request.id,
});

/**
 * Webhook endpoints of the active account, their secrets, and the delivery log with replays and
 * test events (docs/webhooks.md). Every route acts on the account in `activeAccountId` only.
 */
export const webhooksRoutes: FastifyPluginAsyncZod<{ policy: AddressPolicy }> = async (app, { policy }) => {
  app.get(
    '/api/webhooks/endpoints',
    {
      config: ADMINS,
      schema: {
        operationId: 'listWebhookEndpoints',
        tags,
        summary: "The account's webhook endpoints (never their secrets)",
        response: { 200: ZListWebhookEndpointsResponse, ...errors },
      },
    },
    async (request) => {
      const acting = actingOn(request);
      assertManagesWebhooks(acting);
      return listEndpoints(app.db.$client, acting.customerId);
    },
  );

  app.post(
    '/api/webhooks/endpoints',
    {
      config: ADMINS,
      schema: {
        operationId: 'createWebhookEndpoint',
        tags,
        summary: 'Registers an https endpoint for chosen event types; answers its signing secret once',
        body: ZCreateWebhookEndpointRequest,
        response: { 201: ZCreateWebhookEndpointResponse, 409: ZApiError, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createEndpoint(app.db, actingOn(request), request.body, policy)),
  );

  app.get(
    '/api/webhooks/endpoints/:endpointId',
    {
      config: ADMINS,
      schema: {
        operationId: 'getWebhookEndpoint',
        tags,
        summary: 'One webhook endpoint of the account',
        params: ZWebhookEndpointIdParam,
        response: { 200: ZGetWebhookEndpointResponse, 404: ZApiError, ...errors },
      },
    },
    async (request) => getEndpoint(app.db, actingOn(request), request.params.endpointId),
  );

  app.patch(
    '/api/webhooks/endpoints/:endpointId',
    {
      config: ADMINS,
      schema: {
        operationId: 'updateWebhookEndpoint',
        tags,
        summary: 'Changes the address, description or event types, or switches the endpoint on or off',
        params: ZWebhookEndpointIdParam,
        body: ZUpdateWebhookEndpointRequest,
        response: { 200: ZUpdateWebhookEndpointResponse, 404: ZApiError, ...errors },
      },
    },
    async (request) =>
      changeEndpoint(app.db, actingOn(request), request.params.endpointId, request.body, policy),
  );

  app.delete(
    '/api/webhooks/endpoints/:endpointId',
    {
      config: ADMINS,
      schema: {
        operationId: 'deleteWebhookEndpoint',
        tags,
        summary: 'Deletes the endpoint with its secrets and delivery log',
        params: ZWebhookEndpointIdParam,
        response: { 204: z.undefined(), 404: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      await removeEndpoint(app.db, actingOn(request), request.params.endpointId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/webhooks/endpoints/:endpointId/rotate-secret',
    {
      config: ADMINS,
      schema: {
        operationId: 'rotateWebhookSecret',
        tags,
        summary: 'Answers a new signing secret once; the old one keeps signing during the overlap',
        params: ZWebhookEndpointIdParam,
        body: ZRotateWebhookSecretRequest,
        response: { 200: ZRotateWebhookSecretResponse, 404: ZApiError, ...errors },
      },
    },
    async (request) =>
      rotateSecret(app.db, actingOn(request), request.params.endpointId, request.body.overlapHours),
  );

  app.post(
    '/api/webhooks/endpoints/:endpointId/test',
    {
      config: ADMINS,
      schema: {
        operationId: 'sendWebhookTestEvent',
        tags,
        summary: 'Sends a webhook.test event to the endpoint (also while it is switched off)',
        params: ZWebhookEndpointIdParam,
        response: { 202: ZSendWebhookTestEventResponse, 404: ZApiError, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await sendTestEvent(
            app.db,
            actingOn(request),
            request.params.endpointId,
            accountOf(request).customerNumber,
          ),
        ),
  );

  app.get(
    '/api/webhooks/deliveries',
    {
      config: ADMINS,
      schema: {
        operationId: 'listWebhookDeliveries',
        tags,
        summary: "The account's deliveries with every attempt, newest first, filtered",
        querystring: ZListWebhookDeliveriesRequest,
        response: { 200: ZListWebhookDeliveriesResponse, ...errors },
      },
    },
    async (request) => {
      const acting = actingOn(request);
      assertManagesWebhooks(acting);
      const page = await listDeliveries(app.db.$client, acting.customerId, request.query);
      return { ...page, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  app.post(
    '/api/webhooks/deliveries/:deliveryId/replay',
    {
      config: ADMINS,
      schema: {
        operationId: 'replayWebhookDelivery',
        tags,
        summary: 'Sends one delivery again with the same webhook-id',
        params: ZWebhookDeliveryIdParam,
        response: { 202: ZReplayWebhookDeliveryResponse, 404: ZApiError, 409: ZApiError, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await replayDelivery(app.db, actingOn(request), request.params.deliveryId)),
  );

  app.post(
    '/api/webhooks/deliveries/replay-failed',
    {
      config: ADMINS,
      schema: {
        operationId: 'replayFailedWebhookDeliveries',
        tags,
        summary: 'Sends the failed deliveries of a time range again (at most 1000 per call)',
        body: ZReplayFailedWebhookDeliveriesRequest,
        response: { 202: ZReplayFailedWebhookDeliveriesResponse, 404: ZApiError, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await replayFailed(app.db, actingOn(request), request.body)),
  );
};
