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
  ACCOUNT_API_KEY_PREFIX,
  API_KEY_HEADER,
  API_KEY_SCOPE_SERVICES,
  holdsServicePermission,
  type ApiKeyScope,
  ZCustomerIdParam,
  type PermissionPrefix,
  type StoredRole,
} from '@service-hub/contracts';
import { forbidden, unauthenticated } from '../lib/errors.ts';
import type { ActiveAccount } from '../modules/auth/active-account.repository.ts';
import type { Authenticator } from '../modules/auth/authenticator.ts';
import type {
  AccountApiKeyVerifier,
  AccountKeyCaller,
} from '../modules/developer/account-api-keys.repository.ts';
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
  | {
      roles?: readonly StoredRole[];
      account?: { requires?: PermissionPrefix };
      /**
       * The one kind of route a customer's account API key may call besides a signed-in user: an
       * account-scoped read whose service the scope names (`tracking:read` → STT,
       * `ediTracking:read` → ETS). Every other route answers an account key 401.
       */
      apiKeyScope?: ApiKeyScope;
    };

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
    /** The customer's system calling a route with `apiKeyScope` with an account API key. */
    accountKey: AccountKeyCaller | null;
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
  options: {
    tokens: TokenService;
    authenticator: Authenticator;
    apiKeys: ApiKeyVerifier;
    accountKeys: AccountApiKeyVerifier;
  },
) {
  app.decorate('tokens', options.tokens);
  app.decorate('authenticator', options.authenticator);
  app.decorateRequest('principal', null);
  app.decorateRequest('account', null);
  app.decorateRequest('machine', null);
  app.decorateRequest('accountKey', null);
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
    if (access.apiKeyScope) assertKeyRoute(route, access);
    const check: onRequestHookHandler = async (request) => {
      const token = bearerToken(request);
      if (!token) throw unauthenticated();
      // An account key is a bearer token too (what HTTP clients send by default), but it is never
      // taken for a user: it is checked here, and only on routes that declare a scope.
      if (token.startsWith(ACCOUNT_API_KEY_PREFIX)) {
        if (!access.apiKeyScope) throw unauthenticated('This endpoint does not accept API keys.');
        const caller = await options.accountKeys.verify(token);
        if (!caller) throw unauthenticated('This API key is not valid.');
        request.accountKey = caller;
        markCaller(request, 'account-key');
        return;
      }
      const principal = await options.authenticator.principalFor(token);
      request.principal = principal;
      markCaller(request, 'user');
      if (access.roles && !access.roles.some((role) => principal.roles.includes(role))) throw forbidden();
    };
    route.onRequest = [check, ...[route.onRequest ?? []].flat()];
    if (access.account)
      requireActiveAccount(options.authenticator, route, access.account, access.apiKeyScope);
  });
}

/**
 * Boot fails unless a route that accepts account keys is a read of one account whose service its
 * scope names, for every signed-in role: a key must never reach a write, another account or a
 * service its scope does not name.
 */
function assertKeyRoute(route: RouteOptions, access: Exclude<RouteAccess, 'public' | 'apiKey'>) {
  const where = `Route ${String(route.method)} ${route.url}`;
  // Fastify adds a HEAD twin to every GET route, with the GET's config.
  if ([route.method].flat().some((method) => method !== 'GET' && method !== 'HEAD'))
    throw new Error(`${where}: only reads may accept account API keys`);
  if (access.roles) throw new Error(`${where}: a route for some roles cannot accept account API keys`);
  if (access.account?.requires !== API_KEY_SCOPE_SERVICES[access.apiKeyScope!])
    throw new Error(
      `${where}: apiKeyScope ${access.apiKeyScope} needs account.requires ${API_KEY_SCOPE_SERVICES[access.apiKeyScope!]}`,
    );
}

/**
 * An account key reads its own account only, with its scope, while the account itself (not any
 * user) still holds the service: the key is the account's, so the account's permissions count.
 */
function keyAccount(
  key: AccountKeyCaller,
  customerId: number,
  scope: ApiKeyScope | undefined,
  requires?: PermissionPrefix,
) {
  if (customerId !== key.account.id) throw forbidden('You are not authorized for this customer account.');
  if (!scope || !key.scopes.includes(scope)) throw forbidden('This API key may not read this.');
  if (requires && !holdsServicePermission(requires, key.account.permissions))
    throw forbidden('This customer account does not have this service.');
  return key.account;
}

/**
 * Adds `activeAccountId` to the route's query (validated like every parameter, so it appears in
 * the OpenAPI document) and, after validation, checks the account and hands it to the handler.
 */
function requireActiveAccount(
  authenticator: Authenticator,
  route: RouteOptions,
  rule: { requires?: PermissionPrefix },
  apiKeyScope: ApiKeyScope | undefined,
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
    const id = (request.query as Record<string, number>)[ACTIVE_ACCOUNT_PARAM]!;
    if (request.accountKey) {
      request.account = keyAccount(request.accountKey, id, apiKeyScope, rule.requires);
      return;
    }
    const principal = principalOf(request);
    const account = await authenticator.heldAccount(principal, id);
    if (!account) throw forbidden('You are not authorized for this customer account.');
    if (rule.requires && !holdsServicePermission(rule.requires, account.permissions)) throw forbidden();
    request.account = account;
  };
  route.preHandler = [check, ...[route.preHandler ?? []].flat()];
}

export default fp(accessPlugin, { name: 'access', dependencies: ['database'] });
