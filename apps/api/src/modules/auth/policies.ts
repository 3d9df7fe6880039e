import {
  holdsServicePermission,
  STORED_ROLES,
  type PermissionGrant,
  type PermissionPrefix,
  type StoredRole,
} from '@service-hub/contracts';

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

/**
 * Whether the actor may see a user at all (their page, their permissions on the shared accounts):
 * provider administrators see everyone, customer administrators the users of the accounts they
 * administer. Seeing is not changing: see `canManageUser`.
 */
export function canViewUser(actor: Actor, target: ManagedUser): boolean {
  if (isProviderAdmin(actor)) return true;
  return isCustomerAdmin(actor) && target.customerIds.some((id) => actor.customerIds.includes(id));
}

/** The roles an actor may hand out: none above their own. */
export const grantableRoles = (actor: Pick<Actor, 'roles'>): StoredRole[] =>
  STORED_ROLES.filter((role) => ROLE_RANK[role] <= rankOf(actor.roles));

/**
 * Spec 5: the role selection only adds to the roles the user already has, and (ours) never a
 * role above the actor's own, on a user the actor may manage at all.
 */
export function canChangeRoles(actor: Actor, target: ManagedUser, roles: readonly StoredRole[]): boolean {
  if (!canManageUser(actor, target)) return false;
  if (!target.roles.every((role) => roles.includes(role))) return false;
  const allowed = grantableRoles(actor);
  return roles.every((role) => target.roles.includes(role) || allowed.includes(role));
}

/**
 * Which permissions a user holds on one account is that account's business: like revoking, it is
 * allowed on users who also hold other accounts, never on a higher role and never on oneself.
 */
export const canChangeAccountPermissions = canRevokeAccess;

/** Deleting removes the user everywhere: only someone who may manage the whole user, never oneself. */
export function canDeleteUser(actor: Actor, target: ManagedUser): boolean {
  return target.userId !== actor.userId && canManageUser(actor, target);
}

/** Lifting a sign-in lockout of a user the actor sees, not above their own rank. */
export function canUnlockUser(actor: Actor, target: ManagedUser): boolean {
  if (isProviderAdmin(actor)) return true;
  return (
    target.userId !== actor.userId &&
    canViewUser(actor, target) &&
    rankOf(target.roles) <= rankOf(actor.roles)
  );
}

/**
 * Adding an account to a user directly, without an invitation the user accepts: only provider
 * administrators. Customer administrators invite, so nobody's sign-in joins an account unasked.
 */
export const canAddAccountDirectly = (actor: Actor) => isProviderAdmin(actor);

/**
 * Whether the actor may hand a service's data of an account to a machine (an account API key's
 * scope, a webhook's event types): provider administrators always, anyone else only a service
 * they can read there themselves — an administrator never passes on more than they may see.
 */
export function mayShareService(
  actor: Pick<Actor, 'roles'>,
  permissions: readonly PermissionGrant[],
  service: PermissionPrefix,
): boolean {
  return isProviderAdmin(actor) || holdsServicePermission(service, permissions);
}
