import type { RouteDefinition } from '../../lib/routing/route-definition';
import {
  resolveNavigation,
  permissionsFor,
  rolesOf,
  type AccessSubject,
} from '../../lib/access/route-access';

/** A sidebar entry; `group` 'services' stands above the divider, 'manage' below it. */
export type SidebarItem = {
  id: string;
  path: string;
  label: string;
  group: 'services' | 'manage';
  /** With single sign-on, the spec names the exact right that shows the entry. */
  singleSignOnRule?: { permission: string; role?: never } | { role: 'ADMIN'; permission?: never };
};

export const SIDEBAR_ITEMS: readonly SidebarItem[] = [
  {
    id: 'dashboard',
    path: '/dashboard',
    label: 'titles.dashboard',
    group: 'services',
    singleSignOnRule: { permission: 'account.view-profile' },
  },
  {
    id: 'tracking',
    path: '/tracking',
    label: 'services.STT',
    group: 'services',
    singleSignOnRule: { permission: 'stt-appapi-client.READ_ALL' },
  },
  {
    id: 'ediTracking',
    path: '/edi-tracking',
    label: 'services.ETS',
    group: 'services',
    singleSignOnRule: { permission: 'edi-tracking-service.READ_ALL' },
  },
  { id: 'support', path: '/support', label: 'titles.support', group: 'services' },
  { id: 'wod', path: '/wod', label: 'services.WOD', group: 'services' },
  { id: 'ai', path: '/ai', label: 'services.AI', group: 'services' },
  { id: 'ibf', path: '/ibf', label: 'services.IBF', group: 'services' },
  { id: 'ea', path: '/ea', label: 'services.EA', group: 'services' },
  { id: 'lit', path: '/lit', label: 'services.LIT', group: 'services' },
  { id: 'jir', path: '/jir', label: 'services.JIR', group: 'services' },
  { id: 'reports', path: '/reports', label: 'titles.reports', group: 'manage' },
  {
    id: 'accountSettings',
    path: '/accountsettings',
    label: 'titles.accountSettings',
    group: 'manage',
    singleSignOnRule: { role: 'ADMIN' },
  },
  { id: 'ediConnect', path: '/edi-connect', label: 'titles.ediConnect', group: 'manage' },
  { id: 'administration', path: '/administration', label: 'titles.administration', group: 'manage' },
  { id: 'customers', path: '/customers', label: 'titles.customers', group: 'manage' },
  { id: 'users', path: '/users', label: 'titles.users', group: 'manage' },
];

/**
 * Whether an entry shows (spec 6). With single sign-on the dashboard needs account.view-profile,
 * EDI tracking edi-tracking-service.READ_ALL, tracking stt-appapi-client.READ_ALL and account
 * settings the ADMIN role; the spec leaves the others open, so they show exactly when their route
 * would let the user in (and so do all entries in the own-auth flow).
 */
export function isSidebarItemVisible(
  item: SidebarItem,
  tree: RouteDefinition[],
  subject: AccessSubject,
  useAuthService: number,
): boolean {
  const user = subject.user;
  if (!user) return false;
  const rule = item.singleSignOnRule;
  if (useAuthService === 0 && rule) {
    if (rule.role) return rolesOf(user).includes(rule.role) && subject.activeAccountId !== null;
    if (rule.permission === 'account.view-profile') return user.customers.length > 0;
    const [name, role] = rule.permission.split('.');
    return permissionsFor({ activeAccount: true }, subject).some(
      (p) => p.name === name && p.roles.includes(role ?? ''),
    );
  }
  const target = resolveNavigation(tree, item.path, subject);
  if (target === null) return false;
  // External services redirect to /external?service=…; reaching that counts as reaching them.
  return (
    target === item.path ||
    target.startsWith(`${item.path}/`) ||
    target === `/external?service=${item.id.toUpperCase()}`
  );
}
