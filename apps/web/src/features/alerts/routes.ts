import type { RouteDefinition } from '../../lib/routing/route-definition';
import { alertsLinks } from '../../lib/routing/alerts-links';

/**
 * The active account's alerts (every user of the account; each sees the kinds their permissions
 * allow) and its expected deliveries (its administrators, with track and trace: the same rule as
 * the API). Issue 22, docs/alerts.md.
 */
export const alertsRoutes: RouteDefinition[] = [
  {
    id: 'alerts',
    path: alertsLinks.alerts(),
    handle: { title: ['titles.alerts'], activeAccount: true, topLevel: true },
    page: () => import('./pages/alerts-page').then((m) => ({ default: m.AlertsPage })),
  },
  {
    id: 'alerts.expectedDeliveries',
    path: alertsLinks.expectedDeliveries(),
    handle: {
      title: ['titles.alerts', 'titles.expectedDeliveries'],
      roles: ['SF_ADMIN', 'CustomerAdministrator', 'ProviderAdministrator', 'ADMIN'],
      requires: ['STT'],
      activeAccount: true,
      topLevel: true,
    },
    page: () =>
      import('./pages/expected-deliveries-page').then((m) => ({ default: m.ExpectedDeliveriesPage })),
  },
];
