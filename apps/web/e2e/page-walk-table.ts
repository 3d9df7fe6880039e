/**
 * The page walk (issue 21): every page of the route table that a demo user may open, in both
 * sign-in flows and at two widths (page-walk.e2e.test.ts). A new route adds one row to PAGE_WALK,
 * or one entry with its reason to NOT_WALKED: src/app/page-walk-coverage.test.ts fails until it does.
 */

/** The demo sign-ins of the README, walked in their first account (accounts are sorted by name). */
export const DEMO_USERS = {
  /** Customer user; first account Göta Bostäder AB: STT, ETS, SUP and EC. */
  user: 'user@example.com',
  /** Customer administrator; first account Bergen Boligbyggelag AS: every demo service. */
  admin: 'admin@example.com',
  /** Provider administrator (SF_ADMIN); first account Fjordkraft Distribusjon AS: every demo service. */
  sfadmin: 'sfadmin@example.com',
} as const;
export type DemoUser = keyof typeof DEMO_USERS;
/** Their password (README). */
export const DEMO_PASSWORD = 'demo-password';

/**
 * Ids a row's path names as `:name`, looked up in the seeded demo data through the API as the
 * signed-in user sees it (`seededIds` in page-walk.e2e.test.ts).
 */
export const SEEDED_ID_NAMES = [
  'fileId',
  'documentId',
  'caseId',
  'consignmentId',
  'ediDocumentId',
  'ediDocumentConsignmentId',
  'ediMessageId',
  'ediMessageConsignmentId',
  'customerId',
  'customerUserId',
  'accountUserId',
  'userId',
  'sttServiceId',
  'serviceId',
] as const;
export type SeededIdName = (typeof SEEDED_ID_NAMES)[number];

/** An error answer a page asks for on purpose: `status` from API paths starting with `api`. */
export type ExpectedStatus = { status: number; api: string };

export type WalkRow = {
  /** The address, as in the route table with `:name` for a seeded id (a query is allowed). */
  path: string;
  /** Who opens it (each in their first account). */
  users: readonly DemoUser[];
  /** API error answers the page expects; any other 4xx or 5xx from /api fails the row. */
  expectStatuses?: readonly ExpectedStatus[];
};

const EVERYONE: readonly DemoUser[] = ['user', 'admin', 'sfadmin'];
/** CustomerAdministrator or ADMIN; also the accounts with WOD and EA (the user's Göta has neither). */
const ADMINS: readonly DemoUser[] = ['admin', 'sfadmin'];
/** SF_ADMIN only. */
const PROVIDER: readonly DemoUser[] = ['sfadmin'];

export const PAGE_WALK: readonly WalkRow[] = [
  { path: '/dashboard', users: EVERYONE },
  { path: '/account', users: EVERYONE },
  { path: '/not-found', users: EVERYONE },
  // Development only, but the walk's server listens on 127.0.0.1, which counts as localhost.
  { path: '/Test-page', users: EVERYONE },
  { path: '/external?service=WOD', users: ADMINS },

  { path: '/tracking/overview', users: EVERYONE },
  { path: '/tracking/files', users: EVERYONE },
  { path: '/tracking/documents', users: EVERYONE },
  { path: '/tracking/files/:fileId/delivery-channels', users: EVERYONE },
  { path: '/tracking/files/:fileId/status-log', users: EVERYONE },
  { path: '/tracking/files/:fileId/file-details', users: EVERYONE },
  { path: '/tracking/documents/:documentId/delivery', users: EVERYONE },
  { path: '/tracking/documents/:documentId/details', users: EVERYONE },

  { path: '/edi-tracking/files', users: EVERYONE },
  { path: '/edi-tracking/messages', users: EVERYONE },
  { path: '/edi-tracking/documents', users: EVERYONE },
  { path: '/edi-tracking/files/:consignmentId', users: EVERYONE },
  { path: '/edi-tracking/documents/:ediDocumentId/:ediDocumentConsignmentId', users: EVERYONE },
  { path: '/edi-tracking/messages/:ediMessageId/:ediMessageConsignmentId', users: EVERYONE },

  { path: '/support/contact', users: EVERYONE },
  { path: '/support/cases', users: EVERYONE },
  // Development only, like /Test-page; the walk only looks at the empty form.
  { path: '/support/cases/new', users: EVERYONE },
  // Opened from a document's page ("Ask support about this"): the linked item and the filled-in form.
  { path: '/support/cases/new?about=trackingDocument::documentId', users: EVERYONE },
  { path: '/support/cases/:caseId/activity', users: EVERYONE },
  { path: '/support/cases/:caseId/details', users: EVERYONE },
  { path: '/support/cases/:caseId/information', users: EVERYONE },

  { path: '/reports', users: EVERYONE },
  { path: '/edi-connect/deployment-requests', users: EVERYONE },
  { path: '/edi-connect/deployment-requests/new', users: EVERYONE },

  { path: '/accountsettings/users', users: ADMINS },
  { path: '/accountsettings/users/invite', users: ADMINS },
  { path: '/accountsettings/users/:accountUserId', users: ADMINS },
  { path: '/accountsettings/provisioning', users: ADMINS },
  { path: '/accountsettings/access-requests', users: ADMINS },
  { path: '/access-requests', users: EVERYONE },
  { path: '/developer', users: ADMINS },
  { path: '/developer/webhooks', users: ADMINS },
  { path: '/developer/webhooks/new', users: ADMINS },
  // The demo accounts have no endpoint: the account-wide log shows its empty state.
  { path: '/developer/webhooks/deliveries', users: ADMINS },
  { path: '/alerts', users: EVERYONE },
  { path: '/alerts/expected-deliveries', users: ADMINS },
  { path: '/alerts/settings', users: ADMINS },
  { path: '/alerts/notifications', users: EVERYONE },

  { path: '/administration/services', users: PROVIDER },
  { path: '/administration/api-keys', users: PROVIDER },
  { path: '/administration/status', users: PROVIDER },
  { path: '/administration/services/addservice', users: PROVIDER },
  { path: '/administration/services/:sttServiceId/permissions', users: PROVIDER },
  { path: '/administration/services/:sttServiceId/permissions/sttaddpermission', users: PROVIDER },
  { path: '/administration/services/:serviceId/permissions/addpermission', users: PROVIDER },
  { path: '/customers', users: PROVIDER },
  { path: '/customers/new', users: PROVIDER },
  { path: '/customers/new-bulk', users: PROVIDER },
  { path: '/customers/:customerId/overview', users: PROVIDER },
  { path: '/customers/:customerId/users', users: PROVIDER },
  { path: '/customers/:customerId/users/invite', users: PROVIDER },
  { path: '/customers/:customerId/users/:customerUserId', users: PROVIDER },
  { path: '/customers/:customerId/service-access', users: PROVIDER },
  { path: '/customers/:customerId/security', users: PROVIDER },
  { path: '/users', users: PROVIDER },
  { path: '/users/:userId', users: PROVIDER },
  // Open to anyone on a loopback address with HUB_DEV_OUTBOX=open, otherwise to provider staff only.
  { path: '/dev/outbox', users: PROVIDER },
];

const REDIRECT = 'redirects to a page of its own that the walk opens';

/** Routes of the table the walk does not open, each with the reason. */
export const NOT_WALKED: readonly { path: string; reason: string }[] = [
  { path: '/', reason: `${REDIRECT} (/dashboard)` },
  { path: '/administration', reason: `${REDIRECT} (services)` },
  { path: '/administration/services/:service', reason: `${REDIRECT} (permissions)` },
  { path: '/customers/:id', reason: `${REDIRECT} (overview)` },
  { path: '/support', reason: `${REDIRECT} (cases, or contact without SUP)` },
  { path: '/support/cases/:id', reason: `${REDIRECT} (activity)` },
  { path: '/tracking', reason: `${REDIRECT} (overview)` },
  { path: '/tracking/files/:id', reason: `${REDIRECT} (delivery-channels)` },
  { path: '/tracking/documents/:id', reason: `${REDIRECT} (delivery)` },
  { path: '/edi-tracking', reason: `${REDIRECT} (files)` },
  { path: '/accountsettings', reason: `${REDIRECT} (users)` },
  { path: '/edi-connect', reason: `${REDIRECT} (deployment-requests)` },
  ...['/developer/webhooks/:endpointId', '/developer/webhooks/:endpointId/deliveries'].map((path) => ({
    path,
    reason: 'the demo accounts have no webhook endpoint; webhooks.e2e.test.ts registers one and opens both',
  })),
  { path: '/wod', reason: `${REDIRECT} (/external?service=WOD)` },
  { path: '/ea', reason: 'redirects to /external?service=EA, the same page as WOD’s' },
  ...['/ai', '/ibf', '/lit', '/jir'].map((path) => ({
    path,
    reason: 'no demo account has this external service',
  })),
  { path: '/loading', reason: 'shows a spinner by design: it never settles' },
  { path: '/auth/login', reason: 'the own auth service’s sign-in page, passed by every sign-in of the walk' },
  { path: '/idp/interaction/:uid', reason: 'the single sign-on page, passed by every sign-in of the walk' },
  { path: '/auth/callback', reason: 'hands a sign-in over and moves on (sign-in.e2e.test.ts)' },
  {
    path: '/auth/signed-out',
    reason: 'shown after signing out, outside the walk (external-sso.e2e.test.ts)',
  },
  { path: '/invitation', reason: 'needs a single-use e-mailed token (sign-in.e2e.test.ts)' },
  { path: '/email-change', reason: 'needs a single-use e-mailed token (auth-flows.api.test.ts)' },
  {
    path: '/register',
    reason: 'opened signed out, before any sign-in of the walk (access-requests.e2e.test.ts)',
  },
  {
    path: '/register/confirm',
    reason: 'needs a single-use e-mailed token (access-requests.e2e.test.ts)',
  },
  {
    path: '/email-domains/confirm',
    reason: 'needs a single-use e-mailed token (access-requests.api.test.ts, access-requests.route.test.tsx)',
  },
];
