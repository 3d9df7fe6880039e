import type {
  FastifyInstance,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import {
  API_KEY_HEADER,
  holdsServicePermission,
  ZCustomerIdParam,
  type PermissionPrefix,
  type StoredRole,
} from '@service-hub/contracts';
import { forbidden, unauthenticated } from '../lib/errors.ts';
import type { ActiveAccount } from '../modules/auth/active-account.repository.ts';
import type { Authenticator } from '../modules/auth/authenticator.ts';
import type { ApiKeyVerifier, MachineCaller } from '../modules/ingest/api-keys.repository.ts';
import type { Principal } from '../modules/auth/principal.repository.ts';
import { principalOf } from '../modules/auth/request-context.ts';
import type { TokenService } from '../modules/auth/token.service.ts';
import { markCaller } from '../telemetry/request-telemetry.ts';

/** The query parameter that names the account a request acts for (spec 2 and 7). */
export const ACTIVE_ACCOUNT_PARAM = 'activeAccountId';

/**
 * Every route states who may call it: `'public'`, or an object meaning "signed in", optionally
 * narrowed to roles, and for account-scoped routes `account`: the request must name an account
 * the caller holds in `activeAccountId`, which then has the required service permission (spec 6,
 * with the READ_ALL rule for STT and ETS). A route without a rule makes the server refuse to
 * start, so no endpoint can be added without thinking about access (the server-side twin of the
 * web app's route guard).
 */
export type RouteAccess =
  | 'public'
  /** A production system with an API key (machine credential, not a user token). */
  | 'apiKey'
  | { roles?: readonly StoredRole[]; account?: { requires?: PermissionPrefix } };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** The checked active account of an account-scoped route (see `accountOf`). */
    account: ActiveAccount | null;
    /** The production system of an `apiKey` route. */
    machine: MachineCaller | null;
  }
  interface FastifyInstance {
    tokens: TokenService;
    authenticator: Authenticator;
    /** Every documented route (not hidden from OpenAPI), as "METHOD url" with its access rule. */
    accessRules: Map<string, RouteAccess>;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

async function accessPlugin(
  app: FastifyInstance,
  options: { tokens: TokenService; authenticator: Authenticator; apiKeys: ApiKeyVerifier },
) {
  app.decorate('tokens', options.tokens);
  app.decorate('authenticator', options.authenticator);
  app.decorateRequest('principal', null);
  app.decorateRequest('account', null);
  app.decorateRequest('machine', null);
  app.decorate('accessRules', new Map<string, RouteAccess>());

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access === undefined) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule (config.access)`);
    }
    if (!route.schema?.hide) {
      for (const method of [route.method].flat()) app.accessRules.set(`${method} ${route.url}`, access);
    }
    if (access === 'public') return;
    if (access === 'apiKey') {
      const checkKey: onRequestHookHandler = async (request) => {
        const key = request.headers[API_KEY_HEADER];
        if (typeof key !== 'string' || key === '')
          throw unauthenticated(`Send an API key in ${API_KEY_HEADER}.`);
        const machine = await options.apiKeys.verify(key);
        if (!machine) throw unauthenticated('This API key is not valid.');
        request.machine = machine;
        markCaller(request, 'api-key');
      };
      route.onRequest = [checkKey, ...[route.onRequest ?? []].flat()];
      return;
    }
    const check: onRequestHookHandler = async (request) => {
      const token = bearerToken(request);
      if (!token) throw unauthenticated();
      const principal = await options.authenticator.principalFor(token);
      request.principal = principal;
      markCaller(request, 'user');
      if (access.roles && !access.roles.some((role) => principal.roles.includes(role))) throw forbidden();
    };
    route.onRequest = [check, ...[route.onRequest ?? []].flat()];
    if (access.account) requireActiveAccount(options.authenticator, route, access.account);
  });
}

/**
 * Adds `activeAccountId` to the route's query (validated like every parameter, so it appears in
 * the OpenAPI document) and, after validation, checks the account and hands it to the handler.
 */
function requireActiveAccount(
  authenticator: Authenticator,
  route: RouteOptions,
  rule: { requires?: PermissionPrefix },
) {
  const query = route.schema?.querystring;
  const param = {
    [ACTIVE_ACCOUNT_PARAM]: ZCustomerIdParam.describe('The customer account the request acts for'),
  };
  route.schema = {
    ...route.schema,
    querystring: query instanceof z.ZodObject ? query.extend(param) : z.object(param),
  };
  const check: preHandlerHookHandler = async (request) => {
    const principal = principalOf(request);
    const id = (request.query as Record<string, number>)[ACTIVE_ACCOUNT_PARAM]!;
    const account = await authenticator.heldAccount(principal, id);
    if (!account) throw forbidden('You are not authorized for this customer account.');
    if (rule.requires && !holdsServicePermission(rule.requires, account.permissions)) throw forbidden();
    request.account = account;
  };
  route.preHandler = [check, ...[route.preHandler ?? []].flat()];
}

export default fp(accessPlugin, { name: 'access', dependencies: ['database'] });
