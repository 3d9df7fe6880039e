import type { StoredRole } from '@service-hub/contracts';

/** Who acts: the part of the signed-in caller that authorisation needs. */
export type Actor = { userId: string; roles: readonly StoredRole[]; customerIds: readonly number[] };

/** A user someone wants to act on (invite, change, revoke, delete). */
export type ManagedUser = { userId: string; roles: readonly StoredRole[]; customerIds: readonly number[] };

/** Higher means more power; a user's rank is that of their highest role. */
const ROLE_RANK: Record<StoredRole, number> = {
  CustomerUser: 1,
  CustomerAdministrator: 2,
  ProviderAdministrator: 3,
  SF_ADMIN: 4,
};

export const rankOf = (roles: readonly StoredRole[]) => Math.max(0, ...roles.map((role) => ROLE_RANK[role]));

export const isProviderAdmin = (actor: Pick<Actor, 'roles'>) => actor.roles.includes('SF_ADMIN');

/** Customer administrators (and the server's provider-administrator name, spec 6) manage their accounts. */
export const isCustomerAdmin = (actor: Pick<Actor, 'roles'>) =>
  actor.roles.some((role) => role === 'CustomerAdministrator' || role === 'ProviderAdministrator');

/** Provider administrators manage every customer account; customer administrators the ones they hold. */
export function canManageCustomer(actor: Actor, customerId: number): boolean {
  if (isProviderAdmin(actor)) return true;
  return isCustomerAdmin(actor) && actor.customerIds.includes(customerId);
}

/**
 * Whether the actor may change another user (roles, permissions, access, deletion). A customer
 * administrator never gains power over someone who is more than their customers' user: the target
 * must hold only accounts the administrator administers, and no higher role. Managing oneself goes
 * through the user's own endpoints, not this rule.
 */
export function canManageUser(actor: Actor, target: ManagedUser): boolean {
  if (isProviderAdmin(actor)) return true;
  if (!isCustomerAdmin(actor) || target.userId === actor.userId) return false;
  if (rankOf(target.roles) > rankOf(actor.roles)) return false;
  return target.customerIds.length > 0 && target.customerIds.every((id) => actor.customerIds.includes(id));
}

/**
 * Whether the actor may take a user's access to one customer account away. Unlike changing the
 * user, this only narrows their reach into an account the administrator administers, so it is
 * allowed for users who also hold other accounts (otherwise a customer could never remove someone
 * who left); still never for a higher role, and never oneself.
 */
export function canRevokeAccess(actor: Actor, target: ManagedUser, customerId: number): boolean {
  if (isProviderAdmin(actor)) return true;
  if (!canManageCustomer(actor, customerId) || target.userId === actor.userId) return false;
  return rankOf(target.roles) <= rankOf(actor.roles);
}

/**
 * A user's sign-in address is theirs: only they (after a fresh sign-in) or a provider
 * administrator may change it.
 */
export function canChangeEmailOf(actor: Actor, targetUserId: string): boolean {
  return isProviderAdmin(actor) || actor.userId === targetUserId;
}
