import type { RouteDefinition } from '../../lib/routing/route-definition';
import { appLinks } from '../../lib/routing/links';

/** The signed-in user's own account page, from the user menu. */
export const accountRoutes: RouteDefinition[] = [
  {
    id: 'account',
    path: appLinks.account(),
    handle: { title: ['titles.account'] },
    page: () => import('./pages/account-page').then((m) => ({ default: m.AccountPage })),
  },
];
