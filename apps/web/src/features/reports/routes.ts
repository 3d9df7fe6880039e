import type { RouteDefinition } from '../../lib/routing/route-definition';
import { reportsLinks } from './reports-links';

export const reportsRoutes: RouteDefinition[] = [
  {
    id: 'reports',
    path: reportsLinks.reports(),
    handle: { title: ['titles.reports'], requires: ['STT'], activeAccount: true, topLevel: true },
    page: () => import('./pages/reports-page').then((m) => ({ default: m.ReportsPage })),
  },
];
