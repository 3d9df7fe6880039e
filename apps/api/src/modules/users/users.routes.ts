import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZApiError,
  ZUpdateCurrentUserRequest,
  ZGetCurrentUserResponse,
  ZUpdateCurrentUserResponse,
  ZGetCurrentUserMfaResponse,
} from '@service-hub/contracts';
import { getMfaStatus } from '../auth/mfa.service.ts';
import { unauthenticated } from '../../lib/errors.ts';
import { principalOf } from '../auth/request-context.ts';
import { updateProfile } from './update-profile.service.ts';
import { getCurrentUser } from './users.repository.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v3/user',
    {
      config: { access: {} },
      schema: {
        operationId: 'getCurrentUser',
        tags: ['users'],
        summary: 'The signed-in user with roles, customers and permissions',
        response: { 200: ZGetCurrentUserResponse, 401: ZApiError },
      },
    },
    async (request) => {
      const user = await getCurrentUser(app.db, principalOf(request));
      if (!user) throw unauthenticated();
      return user;
    },
  );

  app.post(
    '/api/v3/user',
    {
      config: { access: {} },
      schema: {
        operationId: 'updateCurrentUser',
        tags: ['users'],
        summary: "Updates the signed-in user's name and language",
        body: ZUpdateCurrentUserRequest,
        response: { 200: ZUpdateCurrentUserResponse, 400: ZApiError, 401: ZApiError },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      await updateProfile(app.db, principal, request.body, request.id);
      const user = await getCurrentUser(app.db, principal);
      if (!user) throw unauthenticated();
      return user;
    },
  );

  app.get(
    '/api/v3/user/mfa',
    {
      config: { access: {} },
      schema: {
        operationId: 'getCurrentUserMfa',
        tags: ['users'],
        summary: "The signed-in user's second factors: which one an account requires and which are enrolled",
        response: { 200: ZGetCurrentUserMfaResponse, 401: ZApiError },
      },
    },
    async (request) => getMfaStatus(app.db, principalOf(request).userId),
  );
};
