import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiError,
  ZSignInRequest,
  ZSignInResponse,
  ZVerifyMfaCodeRequest,
  ZChangePasswordRequest,
  ZVerifyMfaCodeResponse,
  ZRefreshSessionResponse,
  ZOpenSignInPageRequest,
} from '@service-hub/contracts';
import { unauthenticated } from '../../lib/errors.ts';
import { principalOf } from './request-context.ts';
import { changePassword } from './password-change.service.ts';
import { checkPassword, continueSignIn, issueTokens } from './auth.service.ts';
import { verifyMfaChallenge } from './mfa.service.ts';
import {
  answerSignIn,
  assertSameOrigin,
  clearSessionCookie,
  sessionCookieOf,
  sessionMetaOf,
  setSessionCookie,
} from './session-cookie.ts';
import { revokeSessionById, revokeSessionByRefreshToken, rotateSession } from './sessions.repository.ts';
import { signOutEverywhere } from './sign-out-everywhere.service.ts';

/** The product's own authentication service (spec 4, alternative flow) and its JSON API. */
export const authRoutes: FastifyPluginAsyncZod<{ secureCookies: boolean; publicUrl: string }> = async (
  app,
  { secureCookies, publicUrl },
) => {
  app.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'signIn',
        tags: ['auth'],
        summary: 'Sign in with e-mail and password: a token, or the second factor to give next',
        description:
          'Answers `{ token }` and sets the session cookie, or `{ mfaRequired, challengeId, method }` when an account of the ' +
          'user requires a second factor (then POST /api/auth/mfa/verify). Five failures in a row lock the e-mail address ' +
          'for 15 minutes.',
        body: ZSignInRequest,
        response: { 200: ZSignInResponse, 400: ZApiError, 401: ZApiError, 429: ZApiError },
      },
    },
    async (request, reply) => {
      const user = await checkPassword(app.db, request.body, request.ip);
      const result = await continueSignIn(app.db, app.tokens, user, sessionMetaOf(request));
      return answerSignIn(app, reply, result, secureCookies);
    },
  );

  app.post(
    '/api/auth/mfa/verify',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'verifyMfaCode',
        tags: ['auth'],
        summary: 'Completes a sign-in with the authenticator or e-mailed code',
        body: ZVerifyMfaCodeRequest,
        response: { 200: ZVerifyMfaCodeResponse, 400: ZApiError, 401: ZApiError, 429: ZApiError },
      },
    },
    async (request, reply) => {
      const { userId, context } = await verifyMfaChallenge(
        app.db,
        request.body.challengeId,
        request.body.code,
        app.deliverEmails,
      );
      if (context.flow !== 'token') throw unauthenticated();
      const { rows } = await app.db.$client.query<{ email: string }>(
        'SELECT email FROM users WHERE id = $1 AND enabled',
        [userId],
      );
      if (!rows[0]) throw unauthenticated();
      const issued = await issueTokens(
        app.db,
        app.tokens,
        { id: userId, email: rows[0].email },
        sessionMetaOf(request),
      );
      setSessionCookie(reply, issued.refreshToken, secureCookies);
      return { token: issued.token };
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'refreshSession',
        security: [{ sessionCookie: [] }],
        tags: ['auth'],
        summary: 'A new access token for the session in the cookie (the refresh token rotates)',
        description:
          'A refresh token that was already rotated ends its whole session (401), since someone else holds a copy. ' +
          'Refused (403) when the Origin header names another site.',
        response: { 200: ZRefreshSessionResponse, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request, publicUrl);
      const refreshToken = sessionCookieOf(request);
      const session = refreshToken ? await rotateSession(app.db, refreshToken) : undefined;
      if (!session) {
        clearSessionCookie(reply);
        throw unauthenticated('Your session has ended. Please sign in again.');
      }
      setSessionCookie(reply, session.refreshToken, secureCookies);
      return {
        token: await app.tokens.sign({
          sub: session.userId,
          email: session.email,
          sid: session.sessionId,
          authTime: session.signedInAt,
        }),
      };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'signOut',
        security: [{ sessionCookie: [] }, { bearerAuth: [] }, {}],
        tags: ['auth'],
        summary: 'Ends the session of the cookie (and of the bearer token, if sent)',
        description:
          'POST only, and refused (403) when the Origin header names another site, so no link or form of another ' +
          'site can sign a user out. Browsers then go to /auth/login?signedOut=1 themselves.',
        response: { 204: z.undefined(), 403: ZApiError },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request, publicUrl);
      const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (bearer) {
        const claims = await app.tokens.verify(bearer).catch(() => undefined);
        if (claims) await revokeSessionById(app.db.$client, claims.sid);
      }
      const refreshToken = sessionCookieOf(request);
      if (refreshToken) await revokeSessionByRefreshToken(app.db.$client, refreshToken);
      clearSessionCookie(reply);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/auth/sign-out-everywhere',
    {
      config: { access: {} },
      schema: {
        operationId: 'signOutEverywhere',
        tags: ['auth'],
        summary: 'Ends every session of the signed-in user, this one included, on every device',
        description:
          "Own sessions and the built-in identity provider's alike; ID tokens of an external identity provider " +
          'cannot be recalled by the Hub and end with their own lifetime.',
        response: { 204: z.undefined(), 401: ZApiError, 429: ZApiError },
      },
    },
    async (request, reply) => {
      await signOutEverywhere(app.db, principalOf(request), request.id);
      clearSessionCookie(reply);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'openSignInPage',
        tags: ['auth'],
        summary:
          "The auth service's sign-in page for browsers; after sign-in it returns to `returnTo` via /auth/callback",
        querystring: ZOpenSignInPageRequest,
        response: { 302: z.undefined(), 400: ZApiError },
      },
    },
    async (request, reply) => {
      const returnTo = request.query.returnTo;
      const target = returnTo?.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/dashboard';
      return reply.redirect(`/auth/login?returnTo=${encodeURIComponent(target)}`, 302);
    },
  );

  app.post(
    '/api/auth/password',
    {
      config: { access: {} },
      schema: {
        operationId: 'changePassword',
        tags: ['auth'],
        summary: "Changes the signed-in user's password; every other session ends",
        body: ZChangePasswordRequest,
        response: { 204: z.undefined(), 400: ZApiError, 401: ZApiError, 429: ZApiError },
      },
    },
    async (request, reply) => {
      await changePassword(app.db, principalOf(request), request.body, request.ip, request.id);
      return reply.code(204).send();
    },
  );
};
