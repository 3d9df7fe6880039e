import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { normalizeEmail, ZApiError } from '@service-hub/contracts';
import type { Database } from '../db/client.ts';
import { TooManyRequestsError } from '../lib/errors.ts';
import { countInRateWindow } from '../lib/rate-limit-window.ts';

/** `accountKey`: every request of one account API key, reads included (see `limitAccountKey`). */
export const RATE_LIMIT_CATEGORIES = [
  'signIn',
  'mfa',
  'invitation',
  'emailChange',
  'write',
  'accountKey',
] as const;
export type RateLimitCategory = (typeof RATE_LIMIT_CATEGORIES)[number];
export type RateLimit = { max: number; windowMs: number };
export type RateLimits = Record<RateLimitCategory, RateLimit>;

/** Operations with a limit of their own; every other write (not GET/HEAD/OPTIONS) is a `write`. */
const ROUTE_CATEGORIES: Record<string, RateLimitCategory> = {
  'POST /api/auth/login': 'signIn',
  'POST /idp/interaction/:uid/login': 'signIn',
  'POST /api/auth/mfa/verify': 'mfa',
  'POST /idp/interaction/:uid/mfa': 'mfa',
  // Passkey sign-ins count like password sign-ins (per client address: no e-mail address is sent);
  // starting a ceremony writes a challenge, so it is limited like a second step.
  'POST /api/auth/passkey/verify': 'signIn',
  'POST /idp/interaction/:uid/passkey': 'signIn',
  'POST /api/auth/passkey/options': 'mfa',
  'POST /idp/interaction/:uid/passkey/options': 'mfa',
  'POST /api/administration/invite-email': 'invitation',
  'POST /api/legacy/user/invite': 'invitation',
  'POST /api/customers/:id/invitations/:invitationId/resend': 'invitation',
  'POST /api/auth/invitations/accept': 'invitation',
  'POST /api/auth/invitations/join': 'invitation',
  'POST /api/administration/update-email': 'emailChange',
  'POST /api/auth/email-change/confirm': 'emailChange',
};

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function categoryOf(method: string, url: string | undefined): RateLimitCategory | undefined {
  if (url === undefined) return undefined;
  return ROUTE_CATEGORIES[`${method} ${url}`] ?? (READS.has(method) ? undefined : 'write');
}

/**
 * Who is counted: sign-ins per client address and e-mail address (so one office behind one
 * address does not lock out its colleagues), second factors per client address, everything else
 * per signed-in user or API key, or per client address before sign-in.
 */
function callerKey(request: FastifyRequest, category: RateLimitCategory): string {
  if (category === 'signIn') {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    return `${request.ip}:${typeof email === 'string' ? normalizeEmail(email) : ''}`;
  }
  if (category === 'mfa') return request.ip;
  if (request.principal) return `user:${request.principal.userId}`;
  if (request.machine) return `key:${request.machine.apiKeyId}`;
  return request.ip;
}

/**
 * Counts one request of `key` in its fixed window, in the table every instance shares; answers the
 * count so far and the milliseconds until the window ends.
 */
export async function countInWindow(
  db: Database,
  key: string,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  const counted = await countInRateWindow(db.$client, key, windowMs);
  // Expired windows are dropped now and then instead of by a job: a handful of rows per caller.
  if (Math.random() < 0.01)
    void db.$client.query('DELETE FROM rate_limits WHERE expires_at < now()').catch(() => undefined);
  return counted;
}

/** @fastify/rate-limit's store, counting in one table every instance shares. */
function postgresStore(db: Database) {
  return class PostgresRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      countInWindow(db, key, timeWindow)
        .then((result) => callback(null, result))
        .catch((error: Error) => callback(error));
    }
    child() {
      return new PostgresRateLimitStore();
    }
  };
}

const seconds = (n: number) => `${n} ${n === 1 ? 'second' : 'seconds'}`;

/**
 * Every request of an account API key counts against the key's own budget (its reads are what it
 * exists for, so reads count too), in the shared table. Unlike the other limits, a key's answers
 * tell its budget — a customer's system needs it to pace itself, and the key is the customer's
 * own: RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset (whole seconds until the window
 * starts afresh), as in the IETF draft draft-ietf-httpapi-ratelimit-headers. Runs right after the
 * key is verified, before validation and the account check, so 400 and 403 answers carry the
 * headers too; past the limit 429 with Retry-After.
 */
function accountKeyLimiter(db: Database, limit: RateLimit): onRequestHookHandler {
  return async (request, reply) => {
    const key = request.accountKey;
    if (!key) return;
    const { current, ttl } = await countInWindow(db, `accountKey:${key.keyId}`, limit.windowMs);
    const reset = Math.max(1, Math.ceil(ttl / 1000));
    reply.header('ratelimit-limit', String(limit.max));
    reply.header('ratelimit-remaining', String(Math.max(0, limit.max - current)));
    reply.header('ratelimit-reset', String(reset));
    if (current > limit.max)
      throw new TooManyRequestsError(
        'RATE_LIMITED',
        `Too many requests with this API key. Try again in ${seconds(reset)}.`,
        ttl / 1000,
      );
  };
}

/**
 * Rate limits on sign-in, second factors, invitations, e-mail changes and every write, counted in
 * PostgreSQL so that they hold across API instances. Runs before the handler (after the access
 * check and validation), so the caller is known; a refusal is 429 in the error shape with
 * Retry-After. Account API keys have a limit of their own on every request (`accountKeyLimiter`).
 */
async function rateLimitsPlugin(app: FastifyInstance, options: { limits: RateLimits }) {
  const { limits } = options;
  const limitAccountKey = accountKeyLimiter(app.db, limits.accountKey);
  // After the access plugin's own onRoute hook, so this runs once it has verified the key.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (typeof access !== 'object' || !access.apiKeyScope) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), limitAccountKey];
    const response = (route.schema?.response ?? {}) as Record<string, unknown>;
    route.schema = { ...route.schema, response: { ...response, 429: response[429] ?? ZApiError } };
  });
  const categoryOfRequest = (request: FastifyRequest) => categoryOf(request.method, request.routeOptions.url);
  // Every limited operation (each write) documents its 429 in the OpenAPI document.
  app.addHook('onRoute', (route) => {
    if (route.schema?.hide) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => categoryOf(method, route.url) === undefined)) return;
    const response = (route.schema?.response ?? {}) as Record<string, unknown>;
    route.schema = { ...route.schema, response: { ...response, 429: response[429] ?? ZApiError } };
  });
  await app.register(rateLimit, {
    global: true,
    hook: 'preHandler',
    store: postgresStore(app.db),
    allowList: (request) => categoryOfRequest(request) === undefined,
    keyGenerator: (request) => {
      const category = categoryOfRequest(request)!;
      return `${category}:${callerKey(request, category)}`;
    },
    max: (request) => limits[categoryOfRequest(request)!].max,
    timeWindow: (request) => limits[categoryOfRequest(request)!].windowMs,
    // Only the refusal says how long to wait; counts on every answer would tell an attacker the budget.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    // Retry-After comes with the error (errors.ts), from the window's time left in this store.
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': false,
    },
    errorResponseBuilder: (_request, context) =>
      new TooManyRequestsError(
        'RATE_LIMITED',
        `Too many requests. Try again in ${context.after}.`,
        context.ttl / 1000,
      ),
  });
}

export default fp(rateLimitsPlugin, { name: 'rate-limits', dependencies: ['database', 'access'] });
