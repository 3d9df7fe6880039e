import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZCurrentUser } from '@service-hub/contracts';
import { unauthenticated } from '../../lib/errors.ts';
import { principalOf } from '../../plugins/access.ts';
import { getCurrentUser } from './users.repository.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v3/user',
    {
      config: { access: {} },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user with roles, customers and permissions',
        response: { 200: ZCurrentUser, 401: ZApiError },
      },
    },
    async (request) => {
      const user = await getCurrentUser(app.db, principalOf(request));
      if (!user) throw unauthenticated();
      return user;
    },
  );
};
