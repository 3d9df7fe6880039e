import type { RouteDefinition } from '../../lib/routing/route-definition';
import { appLinks } from '../../lib/routing/links';
import { EXTERNAL_SERVICES, shellLinks } from './shell-links';

/** Routes of the frame itself: loading, not found, the developer test page and external services. */
export const shellRoutes: RouteDefinition[] = [
  {
    id: 'loading',
    path: '/loading',
    handle: { title: ['common.loading'] },
    page: () => import('../../components/ui/loading-page').then((m) => ({ default: m.LoadingPage })),
    coreCatalog: true,
  },
  {
    id: 'notFound',
    path: appLinks.notFound(),
    handle: { title: ['titles.notFound'] },
    page: () => import('./pages/not-found-page').then((m) => ({ default: m.NotFoundPage })),
    coreCatalog: true,
  },
  {
    id: 'testPage',
    path: '/Test-page',
    handle: { title: ['titles.testPage'], environments: ['localhost', 'Development'], confirmLeave: true },
    page: () => import('./pages/test-page').then((m) => ({ default: m.TestPage })),
    coreCatalog: true,
  },
  {
    id: 'external',
    path: shellLinks.external(),
    handle: { title: ['titles.external'], activeAccount: true },
    page: () => import('./pages/external-page').then((m) => ({ default: m.ExternalPage })),
    coreCatalog: true,
  },
  ...EXTERNAL_SERVICES.map((service): RouteDefinition => ({
    id: `external.${service}`,
    path: shellLinks.service(service),
    handle: {
      title: [`services.${service.toUpperCase()}`],
      activeAccount: true,
      requires: [service.toUpperCase() as Uppercase<typeof service>],
    },
    redirectTo: shellLinks.external(service.toUpperCase()),
  })),
];
