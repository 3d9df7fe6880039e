import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TSignInResponse } from '@service-hub/contracts';
import { forbidden } from '../../lib/errors.ts';
import type { SignInResult } from './auth.service.ts';
import { SESSION_DAYS } from './sessions.repository.ts';

/** The refresh token travels only in this cookie: httpOnly, and sent only to the auth endpoints. */
export const SESSION_COOKIE = 'hub_session';
const PATH = '/api/auth';

export function setSessionCookie(reply: FastifyReply, refreshToken: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, refreshToken, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: PATH,
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: PATH });
}

export function sessionCookieOf(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

/**
 * Refuses a request that another site's page sent with the browser's session cookie (CSRF):
 * browsers name the sending page's origin, which must be the product's own — its configured
 * address or the address the request was sent to (the development server proxies the API).
 * Clients that send no Origin (API clients, tests) are not browsers acting for someone else.
 */
export function assertSameOrigin(request: FastifyRequest, publicUrl: string) {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const own = [new URL(publicUrl).origin, `${request.protocol}://${request.host}`];
  if (!own.includes(origin)) throw forbidden('This request came from another site.');
}

export function sessionMetaOf(request: FastifyRequest) {
  return { userAgent: request.headers['user-agent'], ipAddress: request.ip };
}

/**
 * The HTTP answer to a sign-in step: the second factor to give next (its e-mail handed to the
 * queue), or the access token with the session cookie set.
 */
export async function answerSignIn(
  app: FastifyInstance,
  reply: FastifyReply,
  result: SignInResult,
  secureCookies: boolean,
): Promise<TSignInResponse> {
  if (result.kind === 'mfa') {
    await app.deliverEmails(result.outboxIds);
    return result.challenge;
  }
  setSessionCookie(reply, result.refreshToken, secureCookies);
  return { token: result.token };
}
