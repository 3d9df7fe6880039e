import type { RouteDefinition } from '../../lib/routing/route-definition';
import { accessRequestsLinks } from '../../lib/routing/access-requests-links';

/** The confirmation link of an account's e-mail domain: open to whoever reads mail at the domain. */
export const accessRequestsOpenRoutes: RouteDefinition[] = [
  {
    id: 'domainConfirm',
    path: accessRequestsLinks.domainConfirm(),
    handle: { title: ['accessRequests.domainConfirm.title'] },
    page: () => import('./pages/domain-confirm-page').then((m) => ({ default: m.DomainConfirmPage })),
  },
];

/**
 * A person's own requests (anyone signed in; someone without an account sees them instead of the
 * frame, see app/require-auth.tsx), and the active account's requests for its administrators.
 */
export const accessRequestsRoutes: RouteDefinition[] = [
  {
    id: 'accessRequests',
    path: accessRequestsLinks.myRequests(),
    handle: { title: ['titles.accessRequests'] },
    page: () => import('./pages/my-access-requests-page').then((m) => ({ default: m.MyAccessRequestsPage })),
  },
  {
    id: 'accountAccessRequests',
    path: accessRequestsLinks.accountRequests(),
    handle: {
      title: ['titles.accountSettings', 'titles.accessRequests'],
      roles: ['CustomerAdministrator', 'ADMIN'],
      activeAccount: true,
      topLevel: true,
    },
    page: () =>
      import('./pages/account-access-requests-page').then((m) => ({ default: m.AccountAccessRequestsPage })),
  },
];
