import type { RouteHandle } from './route-definition';

/**
 * Addresses of the alerts area (issue 22): the account's alerts and expected deliveries
 * (features/alerts), its alert settings and each user's alert notifications
 * (features/alert-settings), and the bell's alert notifications (features/notifications), which
 * link to each other (features never import each other).
 */
export const alertsLinks = {
  alerts: () => '/alerts',
  expectedDeliveries: () => '/alerts/expected-deliveries',
  settings: () => '/alerts/settings',
  notifications: () => '/alerts/notifications',
  /** An account's alerts with the account named, so a link from the bell opens the right one. */
  alertsOf: (customerId: number) => `/alerts?activeAccountId=${customerId}`,
};

/**
 * Who opens the account's alert settings: its administrators, with the API's roles for the
 * alert-rules routes (SF_ADMIN, CustomerAdministrator, ProviderAdministrator). The route's handle,
 * here so that links to it (the alerts area) show exactly when it would open.
 */
export const ALERT_SETTINGS_HANDLE: RouteHandle = {
  title: ['titles.alertSettings'],
  roles: ['SF_ADMIN', 'CustomerAdministrator', 'ProviderAdministrator'],
  activeAccount: true,
  topLevel: true,
};

/** Every user of the active account chooses where they hear of its alerts. */
export const ALERT_NOTIFICATIONS_HANDLE: RouteHandle = {
  title: ['titles.alertNotifications'],
  activeAccount: true,
  topLevel: true,
  confirmLeave: true,
};
