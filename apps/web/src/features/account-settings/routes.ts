import type { RouteDefinition } from '../../lib/routing/route-definition';
import { accountSettingsLinks } from './account-settings-links';
import { sectionLinks } from '../../lib/routing/links';

/** Users of the active account, for its administrators. */
export const accountSettingsRoutes: RouteDefinition[] = [
  {
    id: 'accountSettings',
    path: sectionLinks.accountSettings(),
    handle: {
      title: ['titles.accountSettings'],
      roles: ['CustomerAdministrator', 'ADMIN'],
      activeAccount: true,
    },
    children: [
      { id: 'accountSettings.index', index: true, redirectTo: 'users' },
      {
        id: 'accountSettings.users',
        path: 'users',
        handle: { title: ['titles.users'], topLevel: true },
        page: () => import('./pages/account-users-page').then((m) => ({ default: m.AccountUsersPage })),
      },
      {
        id: 'accountSettings.invite',
        path: 'users/invite',
        handle: { title: ['titles.inviteUser'] },
        page: () => import('./pages/account-invite-page').then((m) => ({ default: m.AccountInvitePage })),
      },
      {
        id: 'accountSettings.user',
        path: 'users/:id',
        handle: { title: ['titles.user'], confirmLeave: true, fallback: accountSettingsLinks.users() },
        page: () => import('./pages/account-user-page').then((m) => ({ default: m.AccountUserPage })),
      },
    ],
  },
];
