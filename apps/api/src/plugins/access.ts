import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { StoredRole } from '@service-hub/contracts';
import { forbidden, unauthenticated } from '../lib/errors.ts';
import type { Authenticator } from '../modules/auth/authenticator.ts';
import type { Principal } from '../modules/auth/principal.repository.ts';
import type { TokenService } from '../modules/auth/token.service.ts';

/**
 * Every route states who may call it: `'public'`, or an object meaning "signed in", optionally
 * narrowed to roles. A route without a rule makes the server refuse to start, so no endpoint can
 * be added without thinking about access (the server-side twin of the web app's route guard).
 */
export type RouteAccess = 'public' | { roles?: readonly StoredRole[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    tokens: TokenService;
    authenticator: Authenticator;
    /** Every documented route (not hidden from OpenAPI), as "METHOD url" with its access rule. */
    accessRules: Map<string, RouteAccess>;
  }
}

/** The signed-in caller of a route whose access rule requires one. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthenticated();
  return request.principal;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

async function accessPlugin(
  app: FastifyInstance,
  options: { tokens: TokenService; authenticator: Authenticator },
) {
  app.decorate('tokens', options.tokens);
  app.decorate('authenticator', options.authenticator);
  app.decorateRequest('principal', null);
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
    const check: onRequestHookHandler = async (request) => {
      const token = bearerToken(request);
      if (!token) throw unauthenticated();
      const principal = await options.authenticator.principalFor(token);
      request.principal = principal;
      if (access.roles && !access.roles.some((role) => principal.roles.includes(role))) throw forbidden();
    };
    const existing = route.onRequest;
    route.onRequest = existing ? [check, ...(Array.isArray(existing) ? existing : [existing])] : [check];
  });
}

export default fp(accessPlugin, { name: 'access', dependencies: ['database'] });
