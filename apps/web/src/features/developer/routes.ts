import type { RouteDefinition } from '../../lib/routing/route-definition';
import { developerLinks } from '../../lib/routing/developer-links';

/** The active account's API keys and API examples, for its administrators (issue 22). */
export const developerRoutes: RouteDefinition[] = [
  {
    id: 'developer',
    path: developerLinks.developer(),
    handle: {
      title: ['titles.developer'],
      roles: ['CustomerAdministrator', 'ADMIN'],
      activeAccount: true,
      topLevel: true,
    },
    page: () => import('./pages/developer-page').then((m) => ({ default: m.DeveloperPage })),
  },
];
