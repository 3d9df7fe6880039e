import type { FastifyReply, FastifyRequest } from 'fastify';
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

export function sessionMetaOf(request: FastifyRequest) {
  return { userAgent: request.headers['user-agent'], ipAddress: request.ip };
}
