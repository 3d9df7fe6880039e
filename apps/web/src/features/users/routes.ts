import type { RouteDefinition } from '../../lib/routing/route-definition';
import { usersLinks } from './users-links';
import { sectionLinks } from '../../lib/routing/links';

/** All users, for provider administrators. */
export const usersRoutes: RouteDefinition[] = [
  {
    id: 'users',
    path: sectionLinks.users(),
    handle: { title: ['titles.users'], roles: ['SF_ADMIN'] },
    children: [
      {
        id: 'users.list',
        index: true,
        handle: { topLevel: true },
        page: () => import('./pages/users-page').then((m) => ({ default: m.UsersPage })),
      },
      {
        id: 'users.user',
        path: ':id',
        handle: { title: ['titles.user'], confirmLeave: true, fallback: usersLinks.list() },
        page: () => import('./pages/user-page').then((m) => ({ default: m.UserPage })),
      },
    ],
  },
];
