import type { RouteDefinition } from '../../lib/routing/route-definition';

/** Development and test only: the local e-mail outbox. */
export const devOutboxRoutes: RouteDefinition[] = [
  {
    id: 'devOutbox',
    path: '/dev/outbox',
    handle: { title: ['outbox.title'], environments: ['localhost', 'Development'] },
    page: () => import('./pages/outbox-page').then((m) => ({ default: m.OutboxPage })),
  },
];
