import type { RouteDefinition } from '../../lib/routing/route-definition';

export const dashboardRoutes: RouteDefinition[] = [
  {
    id: 'dashboard',
    path: '/dashboard',
    handle: { title: ['titles.dashboard'], activeAccount: true, topLevel: true },
    page: () => import('./pages/dashboard-page').then((m) => ({ default: m.DashboardPage })),
    coreCatalog: true,
  },
];
