import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError,
  ZCustomerIdParam,
  ZUpdateCustomerMfaRequest,
  ZGetCustomerLegacyRequest,
  ZRevokeUserForCustomerRequest,
  ZGetCustomerLegacyResponse,
  ZUpdateCustomerMfaResponse,
} from '@service-hub/contracts';
import { notFound } from '../../lib/errors.ts';
import { principalOf } from '../auth/request-context.ts';
import { findCustomer } from './customers.repository.ts';
import { revokeUserForCustomer, updateCustomerMfa } from './customers.service.ts';

export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/legacy/customers/:id',
    {
      config: { access: { roles: ['SF_ADMIN'] } },
      schema: {
        operationId: 'getCustomerLegacy',
        tags: ['customers'],
        summary:
          'One customer account (provider administrators); `detailed` adds service access and applications',
        params: z.object({ id: ZCustomerIdParam }),
        querystring: ZGetCustomerLegacyRequest,
        response: {
          200: ZGetCustomerLegacyResponse,
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
        },
      },
    },
    async (request) => {
      const customer = await findCustomer(app.db, request.params.id, request.query.detailed);
      if (!customer) throw notFound('Failed to load customer');
      return customer;
    },
  );

  app.delete(
    '/api/legacy/customers/user/revokeUserForCustomer',
    {
      config: { access: { roles: ['SF_ADMIN', 'CustomerAdministrator', 'ProviderAdministrator'] } },
      schema: {
        operationId: 'revokeUserForCustomer',
        tags: ['customers'],
        summary: "Removes a user's access to one customer account, with their permissions there",
        querystring: ZRevokeUserForCustomerRequest,
        response: { 204: z.undefined(), 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      await revokeUserForCustomer(
        app.db,
        principalOf(request),
        { userId: request.query.userID, customerId: request.query.customerID },
        request.id,
      );
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/customers/:id/mfa',
    {
      config: { access: { roles: ['SF_ADMIN'] } },
      schema: {
        operationId: 'updateCustomerMfa',
        tags: ['customers'],
        summary:
          'Turns multi-factor sign-in on or off for a customer account, with the method (provider administrators)',
        description:
          'Every user of the account must use the method from their next sign-in; it applies at once here.',
        params: z.object({ id: ZCustomerIdParam }),
        body: ZUpdateCustomerMfaRequest,
        response: {
          200: ZUpdateCustomerMfaResponse,
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
        },
      },
    },
    async (request) => {
      await updateCustomerMfa(app.db, principalOf(request), request.params.id, request.body, request.id);
      const customer = await findCustomer(app.db, request.params.id, false);
      if (!customer) throw notFound('Failed to load customer');
      return customer;
    },
  );
};
