import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError,
  ZListPasskeysResponse,
  ZPasskeyIdParam,
  ZRegisterPasskeyRequest,
  ZRegisterPasskeyResponse,
  ZRenamePasskeyRequest,
  ZRenamePasskeyResponse,
  ZResetUserSecondFactorsResponse,
  ZSignInWithPasskeyRequest,
  ZSignInWithPasskeyResponse,
  ZStartPasskeyRegistrationResponse,
  ZStartPasskeySignInRequest,
  ZStartPasskeySignInResponse,
  ZUserIdParam,
} from '@service-hub/contracts';
import { issueTokens } from '../auth/auth.service.ts';
import { principalOf } from '../auth/request-context.ts';
import { sessionMetaOf, setSessionCookie } from '../auth/session-cookie.ts';
import { passkeyNotAccepted, startPasskeySignIn, verifyPasskey } from './passkey-authentication.service.ts';
import {
  registerPasskey,
  removeOwnPasskey,
  renameOwnPasskey,
  startPasskeyRegistration,
} from './passkey-registration.service.ts';
import { listPasskeys } from './passkeys.repository.ts';
import { relyingPartyOf } from './relying-party.ts';
import { resetSecondFactors } from './second-factor-reset.service.ts';

const SIGNED_IN = { access: {} };
const ADMINS = { access: { roles: ['SF_ADMIN', 'CustomerAdministrator', 'ProviderAdministrator'] as const } };

/**
 * Passkeys (issue 23): the signed-in user's own (list, add, rename, remove), an administrator's
 * reset of a user's second factors, and the own auth service's passkey sign-in. The built-in
 * identity provider's interaction has the same ceremony in modules/identity.
 */
export const passkeysRoutes: FastifyPluginAsyncZod<{ publicUrl: string; secureCookies: boolean }> = async (
  app,
  { publicUrl, secureCookies },
) => {
  const rp = relyingPartyOf(publicUrl);

  app.get(
    '/api/v3/passkeys',
    {
      config: SIGNED_IN,
      schema: {
        operationId: 'listPasskeys',
        tags: ['passkeys'],
        summary: "The signed-in user's passkeys, oldest first",
        response: { 200: ZListPasskeysResponse, 401: ZApiError },
      },
    },
    async (request) => listPasskeys(app.db.$client, principalOf(request).userId),
  );

  app.post(
    '/api/v3/passkey-challenges',
    {
      config: SIGNED_IN,
      schema: {
        operationId: 'startPasskeyRegistration',
        tags: ['passkeys'],
        summary: 'Starts adding a passkey: the options for navigator.credentials.create()',
        description:
          'Only within 10 minutes of signing in (else 403 REAUTHENTICATION_REQUIRED): a passkey is a lasting way in. ' +
          'The challenge is valid for 5 minutes and one try.',
        response: { 200: ZStartPasskeyRegistrationResponse, 401: ZApiError, 403: ZApiError, 409: ZApiError },
      },
    },
    async (request) => startPasskeyRegistration(app.db, rp, principalOf(request)),
  );

  app.post(
    '/api/v3/passkeys',
    {
      config: SIGNED_IN,
      schema: {
        operationId: 'registerPasskey',
        tags: ['passkeys'],
        summary: "Adds a passkey: the browser's answer to the registration options, and its name",
        body: ZRegisterPasskeyRequest,
        response: {
          201: ZRegisterPasskeyResponse,
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          409: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const { passkey, outboxIds } = await registerPasskey(
        app.db,
        rp,
        principalOf(request),
        request.body,
        request.id,
      );
      await app.deliverEmails(outboxIds);
      return reply.code(201).send(passkey);
    },
  );

  app.patch(
    '/api/v3/passkeys/:passkeyId',
    {
      config: SIGNED_IN,
      schema: {
        operationId: 'renamePasskey',
        tags: ['passkeys'],
        summary: 'Renames one of the signed-in user’s passkeys',
        params: ZPasskeyIdParam,
        body: ZRenamePasskeyRequest,
        response: { 200: ZRenamePasskeyResponse, 400: ZApiError, 401: ZApiError, 404: ZApiError },
      },
    },
    async (request) =>
      renameOwnPasskey(app.db, principalOf(request), request.params.passkeyId, request.body.name, request.id),
  );

  app.delete(
    '/api/v3/passkeys/:passkeyId',
    {
      config: SIGNED_IN,
      schema: {
        operationId: 'removePasskey',
        tags: ['passkeys'],
        summary: 'Removes one of the signed-in user’s passkeys',
        params: ZPasskeyIdParam,
        response: { 204: z.undefined(), 400: ZApiError, 401: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      await removeOwnPasskey(app.db, principalOf(request), request.params.passkeyId, request.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/v3/user/:userId/second-factors/reset',
    {
      config: ADMINS,
      schema: {
        operationId: 'resetUserSecondFactors',
        tags: ['users'],
        summary: "Removes a user's passkeys and authenticator app and ends their sessions",
        description:
          'For a lost device: the user signs in again with password and e-mailed code. Only administrators who may ' +
          'manage the whole user (every account they hold), never on themselves. Audited in each account.',
        params: z.object({ userId: ZUserIdParam }),
        response: {
          200: ZResetUserSecondFactorsResponse,
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
        },
      },
    },
    async (request) => {
      const { result, outboxIds } = await resetSecondFactors(
        app.db,
        principalOf(request),
        request.params.userId,
        request.id,
      );
      await app.deliverEmails(outboxIds);
      return result;
    },
  );

  app.post(
    '/api/auth/passkey/options',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'startPasskeySignIn',
        tags: ['auth'],
        summary: 'Starts a sign-in with a passkey (alone, or as the second factor of a password sign-in)',
        description:
          'Without `mfaChallengeId`: any discoverable passkey, user verification required. With the `challengeId` ' +
          'of a password sign-in: that user’s passkeys, in place of the code. Then POST /api/auth/passkey/verify.',
        body: ZStartPasskeySignInRequest,
        response: { 200: ZStartPasskeySignInResponse, 400: ZApiError, 401: ZApiError, 429: ZApiError },
      },
    },
    async (request) => startPasskeySignIn(app.db, rp, request.body, { flow: 'token' }),
  );

  app.post(
    '/api/auth/passkey/verify',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'signInWithPasskey',
        tags: ['auth'],
        summary: 'Completes a passkey sign-in: a token and the session cookie',
        description:
          'Any failure of a sign-in with the passkey alone is the same 401 INVALID_CREDENTIALS and counts toward the ' +
          'sign-in lockout; a failed second factor is 401 INVALID_CODE and counts like a wrong code.',
        body: ZSignInWithPasskeyRequest,
        response: { 200: ZSignInWithPasskeyResponse, 400: ZApiError, 401: ZApiError, 429: ZApiError },
      },
    },
    async (request, reply) => {
      const proof = await verifyPasskey(
        app.db,
        rp,
        request.body,
        { flow: 'token' },
        request.ip,
        app.deliverEmails,
      );
      const { rows } = await app.db.$client.query<{ email: string }>(
        'SELECT email FROM users WHERE id = $1 AND enabled',
        [proof.userId],
      );
      if (!rows[0]) throw passkeyNotAccepted();
      const issued = await issueTokens(
        app.db,
        app.tokens,
        { id: proof.userId, email: rows[0].email },
        sessionMetaOf(request),
      );
      setSessionCookie(reply, issued.refreshToken, secureCookies);
      return { token: issued.token };
    },
  );
};
