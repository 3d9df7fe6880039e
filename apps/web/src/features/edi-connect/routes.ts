import type { RouteDefinition } from '../../lib/routing/route-definition';

/** EDI connect communication orders (deployment requests). */
export const ediConnectRoutes: RouteDefinition[] = [
  {
    id: 'ediConnect',
    path: '/edi-connect',
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
