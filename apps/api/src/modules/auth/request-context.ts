import type { FastifyRequest } from 'fastify';
import { unauthenticated } from '../../lib/errors.ts';
import type { ActiveAccount } from './active-account.repository.ts';
import type { Principal } from './principal.repository.ts';

/** The signed-in caller of a route whose access rule requires one (set by the access plugin). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthenticated();
  return request.principal;
}

/**
 * The active account of a route declared with `config.access.account`: the access plugin has
 * already checked that the caller holds it and has the permission the route requires.
 */
export function accountOf(request: FastifyRequest): ActiveAccount {
  if (!request.account) throw new Error(`${request.routeOptions.url} declares no account rule`);
  return request.account;
}
