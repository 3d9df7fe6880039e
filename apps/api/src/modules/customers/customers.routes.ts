import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZCustomerList } from '@service-hub/contracts';
import { principalOf } from '../../plugins/access.ts';
import { listCustomersOfUser } from './customers.repository.ts';

export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v3/customers',
    {
      config: { access: {} },
      schema: {
        tags: ['customers'],
        summary: "The signed-in user's customer accounts",
        response: { 200: ZCustomerList, 401: ZApiError },
      },
    },
    async (request) => listCustomersOfUser(app.db, principalOf(request).userId),
  );
};
