import type { RouteDefinition } from '../../lib/routing/route-definition';
import { planned } from '../../components/ui/planned';

export const supportRoutes: RouteDefinition[] = [
  {
    id: 'support',
    path: '/support',
    handle: { title: ['titles.support'] },
    children: [
      { id: 'support.index', index: true, redirectTo: 'cases' },
      {
        id: 'support.contact',
        path: 'contact',
        handle: { title: ['titles.contact'], topLevel: true },
        page: planned,
      },
      {
        id: 'support.cases',
        path: 'cases',
        handle: { title: ['titles.cases'], requires: ['SUP'], activeAccount: true, topLevel: true },
        page: planned,
      },
      {
        id: 'support.newCase',
        path: 'cases/new',
        handle: {
          title: ['titles.cases', 'titles.newCase'],
          requires: ['SUP'],
          activeAccount: true,
          environments: ['localhost', 'Development'],
          confirmLeave: true,
        },
        page: planned,
      },
      {
        id: 'support.case',
        path: 'cases/:id',
        handle: {
          title: ['titles.cases', 'titles.case'],
          requires: ['SUP'],
          activeAccount: true,
          fallback: '/support/cases',
        },
        page: planned,
      },
    ],
  },
];
