import type { RouteDefinition } from '../../lib/routing/route-definition';
import {
  ALERT_NOTIFICATIONS_HANDLE,
  ALERT_SETTINGS_HANDLE,
  alertsLinks,
} from '../../lib/routing/alerts-links';

/**
 * What the active account is alerted about (its administrators) and where each of its users hears
 * of it (everyone with the account). Issue 22, docs/alerts.md.
 */
export const alertSettingsRoutes: RouteDefinition[] = [
  {
    id: 'alerts.settings',
    path: alertsLinks.settings(),
    handle: ALERT_SETTINGS_HANDLE,
    page: () => import('./pages/alert-settings-page').then((m) => ({ default: m.AlertSettingsPage })),
  },
  {
    id: 'alerts.notifications',
    path: alertsLinks.notifications(),
    handle: ALERT_NOTIFICATIONS_HANDLE,
    page: () =>
      import('./pages/alert-notifications-page').then((m) => ({ default: m.AlertNotificationsPage })),
  },
];
