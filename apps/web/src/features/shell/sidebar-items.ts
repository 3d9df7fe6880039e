import type { RouteDefinition } from '../../lib/routing/route-definition';
import {
  resolveNavigation,
  permissionsFor,
  rolesOf,
  type AccessSubject,
} from '../../lib/access/route-access';
import { accessRequestsLinks } from '../../lib/routing/access-requests-links';
import { alertsLinks } from '../../lib/routing/alerts-links';
import { sectionLinks } from '../../lib/routing/links';
import { scimLinks } from '../../lib/routing/scim-links';
import { shellLinks } from './shell-links';

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
    path: sectionLinks.dashboard(),
    label: 'titles.dashboard',
    group: 'services',
    singleSignOnRule: { permission: 'account.view-profile' },
  },
  {
    id: 'tracking',
    path: sectionLinks.tracking(),
    label: 'services.STT',
    group: 'services',
    singleSignOnRule: { permission: 'stt-appapi-client.READ_ALL' },
  },
  {
    id: 'ediTracking',
    path: sectionLinks.ediTracking(),
    label: 'services.ETS',
    group: 'services',
    singleSignOnRule: { permission: 'edi-tracking-service.READ_ALL' },
  },
  { id: 'support', path: sectionLinks.support(), label: 'titles.support', group: 'services' },
  { id: 'wod', path: shellLinks.service('wod'), label: 'services.WOD', group: 'services' },
  { id: 'ai', path: shellLinks.service('ai'), label: 'services.AI', group: 'services' },
  { id: 'ibf', path: shellLinks.service('ibf'), label: 'services.IBF', group: 'services' },
  { id: 'ea', path: shellLinks.service('ea'), label: 'services.EA', group: 'services' },
  { id: 'lit', path: shellLinks.service('lit'), label: 'services.LIT', group: 'services' },
  { id: 'jir', path: shellLinks.service('jir'), label: 'services.JIR', group: 'services' },
  { id: 'reports', path: sectionLinks.reports(), label: 'titles.reports', group: 'manage' },
  { id: 'alerts', path: alertsLinks.alerts(), label: 'titles.alerts', group: 'manage' },
  {
    id: 'accountSettings',
    path: sectionLinks.accountSettings(),
    label: 'titles.accountSettings',
    group: 'manage',
    singleSignOnRule: { role: 'ADMIN' },
  },
  {
    id: 'accessRequests',
    path: accessRequestsLinks.accountRequests(),
    label: 'titles.accessRequests',
    group: 'manage',
    singleSignOnRule: { role: 'ADMIN' },
  },
  {
    id: 'provisioning',
    path: scimLinks.provisioning(),
    label: 'titles.provisioning',
    group: 'manage',
    singleSignOnRule: { role: 'ADMIN' },
  },
  {
    id: 'developer',
    path: sectionLinks.developer(),
    label: 'titles.developer',
    group: 'manage',
    singleSignOnRule: { role: 'ADMIN' },
  },
  { id: 'ediConnect', path: sectionLinks.ediConnect(), label: 'titles.ediConnect', group: 'manage' },
  {
    id: 'administration',
    path: sectionLinks.administration(),
    label: 'titles.administration',
    group: 'manage',
  },
  { id: 'customers', path: sectionLinks.customers(), label: 'titles.customers', group: 'manage' },
  { id: 'users', path: sectionLinks.users(), label: 'titles.users', group: 'manage' },
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
    target === shellLinks.external(item.id.toUpperCase())
  );
}
