import type { RouteDefinition } from '../../lib/routing/route-definition';
import { planned } from '../../components/ui/planned';

/** Users of the active account, for its administrators. */
export const accountSettingsRoutes: RouteDefinition[] = [
  {
    id: 'accountSettings',
    path: '/accountsettings',
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
        page: planned,
      },
      {
        id: 'accountSettings.invite',
        path: 'users/invite',
        handle: { title: ['titles.inviteUser'] },
        page: planned,
      },
      {
        id: 'accountSettings.user',
        path: 'users/:id',
        handle: { title: ['titles.user'], confirmLeave: true, fallback: '/accountsettings/users' },
        page: planned,
      },
    ],
  },
];
