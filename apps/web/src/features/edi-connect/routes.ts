import type { RouteDefinition } from '../../lib/routing/route-definition';
import { sectionLinks } from '../../lib/routing/links';

/** EDI connect communication orders (deployment requests). */
export const ediConnectRoutes: RouteDefinition[] = [
  {
    id: 'ediConnect',
    path: sectionLinks.ediConnect(),
    handle: { title: ['titles.ediConnect'], requires: ['EC'], activeAccount: true },
    children: [
      { id: 'ediConnect.index', index: true, redirectTo: 'deployment-requests' },
      {
        id: 'ediConnect.requests',
        path: 'deployment-requests',
        handle: { title: ['titles.deploymentRequests'], topLevel: true },
        page: () => import('./pages/requests-page'),
      },
      {
        id: 'ediConnect.newRequest',
        path: 'deployment-requests/new',
        handle: { title: ['titles.deploymentRequests', 'titles.newDeploymentRequest'], confirmLeave: true },
        page: () => import('./pages/new-request-page'),
      },
    ],
  },
];
