import type { RouteDefinition } from '../../lib/routing/route-definition';
import { customersLinks } from './customers-links';
import { sectionLinks } from '../../lib/routing/links';

/** Customer accounts, for provider administrators. */
export const customersRoutes: RouteDefinition[] = [
  {
    id: 'customers',
    path: sectionLinks.customers(),
    handle: { title: ['titles.customers'], roles: ['SF_ADMIN'] },
    children: [
      {
        id: 'customers.list',
        index: true,
        handle: { topLevel: true },
        page: () => import('./pages/customers-page').then((m) => ({ default: m.CustomersPage })),
      },
      {
        id: 'customers.new',
        path: 'new',
        handle: { title: ['titles.newCustomer'] },
        page: () => import('./pages/new-customer-page').then((m) => ({ default: m.NewCustomerPage })),
      },
      {
        id: 'customers.newBulk',
        path: 'new-bulk',
        handle: { title: ['titles.newCustomersBulk'] },
        page: () => import('./pages/bulk-import-page').then((m) => ({ default: m.BulkImportPage })),
      },
      {
        id: 'customers.customer',
        path: ':id',
        page: () => import('./pages/customer-layout').then((m) => ({ default: m.CustomerLayout })),
        handle: { fallback: customersLinks.list() },
        children: [
          { id: 'customers.customer.index', index: true, redirectTo: 'overview' },
          // The customer's own page: headed and titled with the customer's name alone.
          {
            id: 'customers.customer.overview',
            path: 'overview',
            page: () =>
              import('./pages/customer-overview-page').then((m) => ({ default: m.CustomerOverviewPage })),
          },
          {
            id: 'customers.customer.users',
            path: 'users',
            handle: { title: ['titles.users'] },
            page: () => import('./pages/customer-users-page').then((m) => ({ default: m.CustomerUsersPage })),
          },
          {
            id: 'customers.customer.invite',
            path: 'users/invite',
            handle: { title: ['titles.inviteUser'], confirmLeave: true },
            page: () =>
              import('./pages/customer-invite-page').then((m) => ({ default: m.CustomerInvitePage })),
          },
          {
            id: 'customers.customer.user',
            path: 'users/:uid',
            handle: { title: ['titles.user'], roles: ['SF_ADMIN'], confirmLeave: true },
            page: () => import('./pages/customer-user-page').then((m) => ({ default: m.CustomerUserPage })),
          },
          {
            id: 'customers.customer.serviceAccess',
            path: 'service-access',
            handle: { title: ['titles.serviceAccess'], confirmLeave: true },
            page: () =>
              import('./pages/customer-service-access-page').then((m) => ({
                default: m.CustomerServiceAccessPage,
              })),
          },
          {
            id: 'customers.customer.security',
            path: 'security',
            handle: { title: ['titles.security'] },
            page: () =>
              import('./pages/customer-security-page').then((m) => ({ default: m.CustomerSecurityPage })),
          },
        ],
      },
    ],
  },
];
