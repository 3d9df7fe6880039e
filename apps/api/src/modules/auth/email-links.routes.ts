import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAcceptInvitationRequest,
  ZApiError,
  ZConfirmEmailChangeRequest,
  ZAcceptInvitationResponse,
  ZEmailLinkToken,
  ZJoinInvitedAccountRequest,
  ZJoinInvitedAccountResponse,
  ZGetEmailLinkResponse,
} from '@service-hub/contracts';
import { acceptInvitation, joinInvitedAccount } from '../users/accept-invitation.service.ts';
import { confirmEmailChange } from '../users/email-change.service.ts';
import { describeEmailLink } from '../users/email-tokens.ts';
import { continueSignIn } from './auth.service.ts';
import { assertPasswordAvoidsEmail, hashPassword } from './password.ts';
import { principalOf } from './request-context.ts';
import { answerSignIn, sessionMetaOf } from './session-cookie.ts';

/** The pages behind e-mailed links: open to anyone holding the link, which works once. */
export const emailLinksRoutes: FastifyPluginAsyncZod<{
  secureCookies: boolean;
  useAuthService: number;
}> = async (app, { secureCookies, useAuthService }) => {
  app.get(
    '/api/auth/invitations/:token',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getEmailLink',
        tags: ['auth'],
        summary: 'What an invitation or e-mail-change link is about (410 when expired or used)',
        params: z.object({ token: ZEmailLinkToken }),
        response: { 200: ZGetEmailLinkResponse, 400: ZApiError, 410: ZApiError },
      },
    },
    async (request) => describeEmailLink(app.db, request.params.token),
  );

  app.post(
    '/api/auth/invitations/accept',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'acceptInvitation',
        tags: ['auth'],
        summary:
          'Sets the password of an invited user; with the own auth service also signs them in (or asks for the second factor)',
        body: ZAcceptInvitationRequest,
        response: { 200: ZAcceptInvitationResponse, 400: ZApiError, 409: ZApiError, 410: ZApiError },
      },
    },
    async (request, reply) => {
      const info = await describeEmailLink(app.db, request.body.token);
      assertPasswordAvoidsEmail(request.body.password, info.email, 'body.password');
      const user = await acceptInvitation(
        app.db,
        request.body.token,
        await hashPassword(request.body.password),
      );
      // With single sign-on the user now signs in at the identity provider.
      if (useAuthService === 0) return { passwordSet: true as const };
      const result = await continueSignIn(app.db, app.tokens, user, sessionMetaOf(request));
      return answerSignIn(app, reply, result, secureCookies);
    },
  );

  app.post(
    '/api/auth/invitations/join',
    {
      config: { access: {} },
      schema: {
        operationId: 'joinInvitedAccount',
        tags: ['auth'],
        summary:
          'Accepts an invitation as the signed-in user it was sent to; only now do they gain the account',
        body: ZJoinInvitedAccountRequest,
        response: {
          200: ZJoinInvitedAccountResponse,
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          409: ZApiError,
          410: ZApiError,
        },
      },
    },
    async (request) => joinInvitedAccount(app.db, principalOf(request), request.body.token, request.id),
  );

  app.post(
    '/api/auth/email-change/confirm',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'confirmEmailChange',
        tags: ['auth'],
        summary: 'Confirms a new e-mail address; every session of the user ends',
        body: ZConfirmEmailChangeRequest,
        response: { 204: z.undefined(), 400: ZApiError, 410: ZApiError },
      },
    },
    async (request, reply) => {
      await confirmEmailChange(app.db, request.body.token);
      return reply.code(204).send();
    },
  );
};
