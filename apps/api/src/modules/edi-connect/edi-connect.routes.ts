import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError,
  ZMoveDeploymentRequestRequest,
  ZCreateDeploymentRequestRequest,
  ZDeploymentRequestIdParam,
  ZListDeploymentRequestsResponse,
  ZListDeploymentRequestsRequest,
  ZListAllDeploymentRequestsRequest,
  ZGetDeploymentRequestResponse,
  ZCreateDeploymentRequestResponse,
  ZListAllDeploymentRequestsResponse,
  ZMoveDeploymentRequestResponse,
} from '@service-hub/contracts';
import { accountOf, principalOf } from '../auth/request-context.ts';
import { changeRequestStatus, createRequest, getRequest, listRequests } from './edi-connect.service.ts';

const TAGS = ['edi connect'];
const ACCOUNT = { account: { requires: 'EC' } } as const;
const PROVIDER = { roles: ['SF_ADMIN'] } as const;
const ZParams = z.object({ id: ZDeploymentRequestIdParam });
const ERRORS = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

/**
 * EDI connect communication orders: customers order and follow them for the active account;
 * provider staff see every customer's orders and move them along (docs/edi-connect.md).
 */
export const ediConnectRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, options) => {
  app.get(
    '/api/edi-connect/deployment-requests',
    {
      config: { access: ACCOUNT },
      schema: {
        operationId: 'listDeploymentRequests',
        tags: TAGS,
        summary: "The active account's EDI connect orders, newest first",
        querystring: ZListDeploymentRequestsRequest,
        response: { 200: ZListDeploymentRequestsResponse, ...ERRORS },
      },
    },
    async (request) =>
      listRequests(app.db, principalOf(request), { ...request.query, customerId: accountOf(request).id }),
  );

  app.get(
    '/api/edi-connect/deployment-requests/:id',
    {
      config: { access: ACCOUNT },
      schema: {
        operationId: 'getDeploymentRequest',
        tags: TAGS,
        summary: 'One EDI connect order of the active account',
        params: ZParams,
        response: { 200: ZGetDeploymentRequestResponse, ...ERRORS },
      },
    },
    async (request) => getRequest(app.db, principalOf(request), request.params.id, accountOf(request).id),
  );

  app.post(
    '/api/edi-connect/deployment-requests',
    {
      config: { access: ACCOUNT },
      schema: {
        operationId: 'createDeploymentRequest',
        tags: TAGS,
        summary: 'Orders a new EDI connection to a trading partner for the active account',
        body: ZCreateDeploymentRequestRequest,
        response: { 201: ZCreateDeploymentRequestResponse, ...ERRORS },
      },
    },
    async (request, reply) => {
      const created = await createRequest(app.db, principalOf(request), accountOf(request).id, request.body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/edi-connect/provider/deployment-requests',
    {
      config: { access: PROVIDER },
      schema: {
        operationId: 'listAllDeploymentRequests',
        tags: TAGS,
        summary: "Every customer's EDI connect orders (provider staff), newest first",
        querystring: ZListAllDeploymentRequestsRequest,
        response: { 200: ZListAllDeploymentRequestsResponse, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => listRequests(app.db, principalOf(request), request.query),
  );

  app.post(
    '/api/edi-connect/provider/deployment-requests/:id/status',
    {
      config: { access: PROVIDER },
      schema: {
        operationId: 'moveDeploymentRequest',
        tags: TAGS,
        summary: 'Moves an EDI connect order along its workflow (provider staff); rejecting needs a reason',
        params: ZParams,
        body: ZMoveDeploymentRequestRequest,
        response: { 200: ZMoveDeploymentRequestResponse, 409: ZApiError, ...ERRORS },
      },
    },
    async (request) => {
      const { request: moved, outbox } = await changeRequestStatus(
        app.db,
        principalOf(request),
        request.params.id,
        request.body,
        request.id,
        options.publicUrl,
      );
      await app.deliverEmails(outbox);
      return moved;
    },
  );
};
