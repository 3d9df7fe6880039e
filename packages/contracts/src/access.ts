import type { PermissionPrefix } from './vocabularies.ts';

/** A permission as the access rules see it: its service prefix, its name and its roles. */
export type PermissionGrant = { prefix: string; name: string; roles: readonly string[] };

const hasReadAll = (permissions: readonly PermissionGrant[], name: string) =>
  permissions.some((p) => p.name === name && p.roles.includes('READ_ALL'));

/**
 * Spec 6, rule 3 for one service: a permission with that prefix. ETS and STT also need the legacy
 * read-all role on edi-tracking-service and stt-appapi-client. The web app's route guard and the
 * API's account check use this one rule.
 */
export function holdsServicePermission(
  prefix: PermissionPrefix,
  permissions: readonly PermissionGrant[],
): boolean {
  const hasPrefix = permissions.some((p) => p.prefix === prefix);
  switch (prefix) {
    case 'ETS':
      return hasPrefix && hasReadAll(permissions, 'edi-tracking-service');
    case 'STT':
      return hasPrefix && hasReadAll(permissions, 'stt-appapi-client');
    default:
      return hasPrefix;
  }
}
