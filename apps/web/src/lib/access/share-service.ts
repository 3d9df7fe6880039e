import { holdsServicePermission, type PermissionPrefix, type TCurrentUser } from '@service-hub/contracts';
import { rolesOf } from './route-access';

/**
 * Whether the user may hand a service's data of an account to a machine (an account API key's
 * scope, a webhook's event types). The web twin of the API's `mayShareService`
 * (apps/api/src/modules/auth/policies.ts), which refuses with 403 what this says no to; the two
 * must change together. Provider administrators always; anyone else only a service they can read
 * on that account themselves.
 */
export function mayShareService(
  user: TCurrentUser | undefined,
  accountId: number,
  service: PermissionPrefix,
): boolean {
  if (!user) return false;
  if (rolesOf(user).includes('SF_ADMIN')) return true;
  const permissions = user.customerUserPermissions
    .filter((grant) => grant.customerId === accountId)
    .map((grant) => grant.permission);
  return holdsServicePermission(service, permissions);
}
