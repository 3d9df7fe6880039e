import { accessRequestsOpenRoutes, accessRequestsRoutes } from '../features/access-requests/routes';
import { accountRoutes } from '../features/account/routes';
import { accountSettingsRoutes } from '../features/account-settings/routes';
import { administrationRoutes } from '../features/administration/routes';
import { alertSettingsRoutes } from '../features/alert-settings/routes';
import { alertsRoutes } from '../features/alerts/routes';
import { authRoutes } from '../features/auth/routes';
import { customersRoutes } from '../features/customers/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { developerRoutes } from '../features/developer/routes';
import { devOutboxRoutes } from '../features/dev-outbox/routes';
import { ediConnectRoutes } from '../features/edi-connect/routes';
import { ediTrackingRoutes } from '../features/edi-tracking/routes';
import { reportsRoutes } from '../features/reports/routes';
import { scimRoutes } from '../features/scim/routes';
import { shellRoutes } from '../features/shell/routes';
import { supportRoutes } from '../features/support/routes';
import { trackingRoutes } from '../features/tracking/routes';
import { usersRoutes } from '../features/users/routes';
import { webhooksRoutes } from '../features/webhooks/routes';
import type { RouteDefinition } from '../lib/routing/route-definition';
import { appLinks } from '../lib/routing/links';

const OPEN_ROUTE_IDS = new Set(['loading', 'notFound']);

/** Routes anyone may open: sign-in and its links, loading, the development outbox. */
export const openRoutes: RouteDefinition[] = [
  ...authRoutes,
  ...accessRequestsOpenRoutes,
  ...devOutboxRoutes,
  ...shellRoutes.filter((r) => r.id === 'loading'),
];

/** The 404 page, open to anyone: in the frame when signed in, bare otherwise (see NotFoundFrame). */
export const notFoundRoute: RouteDefinition = shellRoutes.find((r) => r.id === 'notFound')!;

/** The route table of spec 2 inside the signed-in frame; the access rules read it as data. */
export const signedInRoutes: RouteDefinition[] = [
  { id: 'root', path: '/', redirectTo: appLinks.dashboard() },
  ...dashboardRoutes,
  ...shellRoutes.filter((r) => !OPEN_ROUTE_IDS.has(r.id)),
  ...administrationRoutes,
  ...customersRoutes,
  ...usersRoutes,
  ...supportRoutes,
  ...trackingRoutes,
  ...ediTrackingRoutes,
  ...reportsRoutes,
  ...accountSettingsRoutes,
  ...scimRoutes,
  ...developerRoutes,
  ...webhooksRoutes,
  ...alertsRoutes,
  ...alertSettingsRoutes,
  ...ediConnectRoutes,
  ...accountRoutes,
  ...accessRequestsRoutes,
];
