import type { RouteDefinition } from '../../lib/routing/route-definition';
import { scimLinks } from '../../lib/routing/scim-links';

/** The active account's SCIM provisioning, for its administrators (issue 23; docs/scim.md). */
export const scimRoutes: RouteDefinition[] = [
  {
    id: 'scim',
    path: scimLinks.provisioning(),
    handle: {
      title: ['titles.provisioning'],
      roles: ['CustomerAdministrator', 'ADMIN'],
      activeAccount: true,
      topLevel: true,
    },
    page: () => import('./pages/scim-page').then((m) => ({ default: m.ScimPage })),
  },
];
