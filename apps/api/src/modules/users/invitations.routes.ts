import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZApiError,
  ZInviteByEmailRequest,
  ZInviteByEmailResponse,
  ZInviteUserLegacyRequest,
  ZRequestEmailChangeRequest,
  ZInviteUserLegacyResponse,
  ZRequestEmailChangeResponse,
} from '@service-hub/contracts';
import { principalOf } from '../auth/request-context.ts';
import { requestEmailChange } from './email-change.service.ts';
import { inviteUser } from './invite-user.service.ts';

const ADMINS = ['SF_ADMIN', 'CustomerAdministrator', 'ProviderAdministrator'] as const;

/** Invitations and e-mail changes: each sends a single-use link by e-mail. */
export const invitationsRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, { publicUrl }) => {
  // Links in e-mails use the configured address, never the request's Host header (which a caller
  // could forge to send victims a link to another site).
  const baseUrl = () => publicUrl;
  const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

  app.post(
    '/api/administration/invite-email',
    {
      config: { access: { roles: ADMINS } },
      schema: {
        operationId: 'inviteByEmail',
        tags: ['users'],
        summary: 'Invites a person to a customer account by e-mail',
        description:
          'A new address gets a user with access and a link to choose a password; an existing user gets a link to accept ' +
          'while signed in, and gains nothing before. Answers the same either way; 409 only when the user already has ' +
          'access to this account.',
        body: ZInviteByEmailRequest,
        response: { 200: ZInviteByEmailResponse, ...errors },
      },
    },
    async (request) => {
      const outbox = await inviteUser(app.db, principalOf(request), request.body, baseUrl(), request.id);
      await app.deliverEmails(outbox);
      return { status: 'invitationSent' as const };
    },
  );

  app.post(
    '/api/legacy/user/invite',
    {
      config: { access: { roles: ADMINS } },
      schema: {
        operationId: 'inviteUserLegacy',
        tags: ['users'],
        summary: 'Invites a person to a customer account by e-mail (older client)',
        body: ZInviteUserLegacyRequest,
        response: { 200: ZInviteUserLegacyResponse, ...errors },
      },
    },
    async (request) => {
      const { user, customer } = request.body;
      const outbox = await inviteUser(
        app.db,
        principalOf(request),
        { ...user, customerId: customer.id },
        baseUrl(),
        request.id,
      );
      await app.deliverEmails(outbox);
      return { status: 'invitationSent' as const };
    },
  );

  app.post(
    '/api/administration/update-email',
    {
      config: { access: {} },
      schema: {
        operationId: 'requestEmailChange',
        tags: ['users'],
        summary: "Changes a user's e-mail address once the new address confirms it",
        description:
          'The user themselves (signed in within the last 10 minutes, else 403 REAUTHENTICATION_REQUIRED) or a provider ' +
          'administrator. Answers 202 whether or not the address is taken; the owner of a taken address is told by e-mail.',
        body: ZRequestEmailChangeRequest,
        response: { 202: ZRequestEmailChangeResponse, ...errors },
      },
    },
    async (request, reply) => {
      const outbox = await requestEmailChange(
        app.db,
        principalOf(request),
        request.body,
        baseUrl(),
        request.id,
      );
      await app.deliverEmails(outbox);
      return reply.code(202).send({ status: 'confirmationSent' });
    },
  );
};
