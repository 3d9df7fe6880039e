import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZCurrentUser, ZMfaStatus, ZUpdateProfileRequest } from '@service-hub/contracts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { getMfaStatus } from '../auth/mfa.service.ts';
import { unauthenticated } from '../../lib/errors.ts';
import { principalOf } from '../auth/request-context.ts';
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
        response: { 200: ZCurrentUser, 401: ZApiError },
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
        body: ZUpdateProfileRequest,
        response: { 200: ZCurrentUser, 400: ZApiError, 401: ZApiError },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { firstName, lastName, language } = request.body;
      await inTransaction(app.db.$client, async (client) => {
        const { rows } = await client.query(
          `SELECT first_name AS "firstName", last_name AS "lastName", language FROM users WHERE id = $1`,
          [principal.userId],
        );
        await client.query(
          `UPDATE users SET first_name = $2, last_name = $3, display_name = $2 || ' ' || $3, language = $4, modified = now()
            WHERE id = $1`,
          [principal.userId, firstName, lastName, language],
        );
        await writeAudit(client, {
          actorUserId: principal.userId,
          actorEmail: principal.email,
          action: 'user.profile-updated',
          entityType: 'user',
          entityId: principal.userId,
          before: rows[0],
          after: request.body,
          requestId: request.id,
        });
      });
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
        response: { 200: ZMfaStatus, 401: ZApiError },
      },
    },
    async (request) => getMfaStatus(app.db, principalOf(request).userId),
  );
};
