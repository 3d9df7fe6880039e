import type { RouteDefinition } from '../../lib/routing/route-definition';
import { planned } from '../../components/ui/planned';

/** All users, for provider administrators. */
export const usersRoutes: RouteDefinition[] = [
  {
    id: 'users',
    path: '/users',
    handle: { title: ['titles.users'], roles: ['SF_ADMIN'] },
    children: [
      { id: 'users.list', index: true, handle: { topLevel: true }, page: planned },
      {
        id: 'users.user',
        path: ':id',
        handle: { title: ['titles.user'], confirmLeave: true },
        page: planned,
      },
    ],
  },
];
