import type { TCurrentUser } from '@service-hub/contracts';
import { rolesOf } from '../../lib/access/route-access';

/**
 * How the user menu names the user's role (spec 1: customer administrators are "shown as
 * Administrator"). Provider staff also carry ADMIN, so they are recognised first.
 */
export function roleLabelKey(user: TCurrentUser): string {
  const roles = rolesOf(user);
  if (roles.includes('SF_ADMIN') || roles.includes('ProviderAdministrator'))
    return 'shell.userMenu.roles.providerAdministrator';
  if (roles.includes('ADMIN')) return 'shell.userMenu.roles.administrator';
  return 'shell.userMenu.roles.user';
}
