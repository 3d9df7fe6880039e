import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAcknowledgeAlertRequest,
  ZAcknowledgeAlertResponse,
  ZAlertIdParam,
  ZApiError,
  ZCountOpenAlertsResponse,
  ZCreateExpectedDeliveryRequest,
  ZCreateExpectedDeliveryResponse,
  ZExpectedDeliveryIdParam,
  ZGetExpectedDeliveryResponse,
  ZListAlertsRequest,
  ZListAlertsResponse,
  ZListExpectedDeliveriesResponse,
  ZUpdateExpectedDeliveryRequest,
  ZUpdateExpectedDeliveryResponse,
} from '@service-hub/contracts';
import { accountOf, principalOf } from '../auth/request-context.ts';
import { acknowledgeAlert, getAlerts, getOpenAlertCount } from './alerts.service.ts';
import {
  createExpectedDelivery,
  deleteExpectedDelivery,
  getExpectedDelivery,
  listExpectedDeliveries,
  updateExpectedDelivery,
} from './expected-deliveries.service.ts';

/** Users of the account; each sees the alert kinds their permissions there allow (alerts.service.ts). */
const ACCOUNT_USERS = { access: { account: {} } };
/**
 * The account's customer administrators and provider administrators, acting for an account they
 * hold; expected deliveries watch track and trace files, so the account needs STT too.
 */
const MANAGERS = {
  access: {
    roles: ['SF_ADMIN', 'CustomerAdministrator', 'ProviderAdministrator'] as const,
    account: { requires: 'STT' as const },
  },
};
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError };

const callerOf = (request: Parameters<typeof principalOf>[0]) => ({
  principal: principalOf(request),
  account: accountOf(request),
  requestId: request.id,
});

/** The alert page of an account and its expected deliveries (docs/alerts.md). */
export const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/alerts',
    {
      config: ACCOUNT_USERS,
      schema: {
        operationId: 'listAlerts',
        tags: ['alerts'],
        summary: "The account's alerts, open and resolved, newest first",
        description: 'Only the kinds the caller may see: track and trace alerts need STT, EDI alerts ETS.',
        querystring: ZListAlertsRequest,
        response: { 200: ZListAlertsResponse, ...errors },
      },
    },
    async (request) => getAlerts(app.db, accountOf(request), request.query),
  );

  app.get(
    '/api/alerts/open-count',
    {
      config: ACCOUNT_USERS,
      schema: {
        operationId: 'countOpenAlerts',
        tags: ['alerts'],
        summary: "How many of the account's alerts the caller sees are open",
        response: { 200: ZCountOpenAlertsResponse, ...errors },
      },
    },
    async (request) => getOpenAlertCount(app.db, accountOf(request)),
  );

  app.post(
    '/api/alerts/:id/acknowledge',
    {
      config: ACCOUNT_USERS,
      schema: {
        operationId: 'acknowledgeAlert',
        tags: ['alerts'],
        summary: 'Acknowledges an open alert with a comment (it stays open until resolved)',
        params: ZAlertIdParam,
        body: ZAcknowledgeAlertRequest,
        response: { 200: ZAcknowledgeAlertResponse, 404: ZApiError, 409: ZApiError, ...errors },
      },
    },
    async (request) => acknowledgeAlert(app.db, callerOf(request), request.params.id, request.body.comment),
  );

  app.get(
    '/api/expected-deliveries',
    {
      config: MANAGERS,
      schema: {
        operationId: 'listExpectedDeliveries',
        tags: ['alerts'],
        summary: "The account's expected deliveries with their last ten deadlines",
        response: { 200: ZListExpectedDeliveriesResponse, ...errors },
      },
    },
    async (request) => listExpectedDeliveries(app.db, callerOf(request)),
  );

  app.get(
    '/api/expected-deliveries/:id',
    {
      config: MANAGERS,
      schema: {
        operationId: 'getExpectedDelivery',
        tags: ['alerts'],
        summary: 'One expected delivery with its last ten deadlines',
        params: ZExpectedDeliveryIdParam,
        response: { 200: ZGetExpectedDeliveryResponse, 404: ZApiError, ...errors },
      },
    },
    async (request) => getExpectedDelivery(app.db, callerOf(request), request.params.id),
  );

  app.post(
    '/api/expected-deliveries',
    {
      config: MANAGERS,
      schema: {
        operationId: 'createExpectedDelivery',
        tags: ['alerts'],
        summary: 'Expects a file by a deadline; a missing file raises an alert',
        body: ZCreateExpectedDeliveryRequest,
        response: { 201: ZCreateExpectedDeliveryResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createExpectedDelivery(app.db, callerOf(request), request.body)),
  );

  app.put(
    '/api/expected-deliveries/:id',
    {
      config: MANAGERS,
      schema: {
        operationId: 'updateExpectedDelivery',
        tags: ['alerts'],
        summary: 'Changes, switches off or on an expected delivery',
        params: ZExpectedDeliveryIdParam,
        body: ZUpdateExpectedDeliveryRequest,
        response: { 200: ZUpdateExpectedDeliveryResponse, 404: ZApiError, ...errors },
      },
    },
    async (request) => updateExpectedDelivery(app.db, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/expected-deliveries/:id',
    {
      config: MANAGERS,
      schema: {
        operationId: 'deleteExpectedDelivery',
        tags: ['alerts'],
        summary: 'Deletes an expected delivery and its history; its open alert is resolved',
        params: ZExpectedDeliveryIdParam,
        response: { 204: z.undefined(), 404: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      await deleteExpectedDelivery(app.db, callerOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
