import type { RouteDefinition } from '../../lib/routing/route-definition';
import { planned } from '../../components/ui/planned';

export const reportsRoutes: RouteDefinition[] = [
  {
    id: 'reports',
    path: '/reports',
    handle: { title: ['titles.reports'], requires: ['STT'], activeAccount: true, topLevel: true },
    page: planned,
  },
];
