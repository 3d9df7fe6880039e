/** How a permission reads in lists: its service abbreviation, name and roles. */
export const permissionLabel = (permission: { prefix: string; name: string; roles: readonly string[] }) =>
  `${permission.prefix} · ${permission.name}${permission.roles.length ? ` (${permission.roles.join(', ')})` : ''}`;
