import type { RouteDefinition } from '../../lib/routing/route-definition';
import { planned } from '../../components/ui/planned';

/** Customer accounts, for provider administrators. */
export const customersRoutes: RouteDefinition[] = [
  {
    id: 'customers',
    path: '/customers',
    handle: { title: ['titles.customers'], roles: ['SF_ADMIN'] },
    children: [
      { id: 'customers.list', index: true, handle: { topLevel: true }, page: planned },
      { id: 'customers.new', path: 'new', handle: { title: ['titles.newCustomer'] }, page: planned },
      {
        id: 'customers.newBulk',
        path: 'new-bulk',
        handle: { title: ['titles.newCustomersBulk'] },
        page: planned,
      },
      {
        id: 'customers.customer',
        path: ':id',
        page: () => import('./pages/customer-layout').then((m) => ({ default: m.CustomerLayout })),
        handle: { fallback: '/customers' },
        children: [
          { id: 'customers.customer.index', index: true, redirectTo: 'overview' },
          // The customer's own page: headed and titled with the customer's name alone.
          { id: 'customers.customer.overview', path: 'overview', page: planned },
          {
            id: 'customers.customer.users',
            path: 'users',
            handle: { title: ['titles.users'] },
            page: planned,
          },
          {
            id: 'customers.customer.invite',
            path: 'users/invite',
            handle: { title: ['titles.inviteUser'], confirmLeave: true },
            page: planned,
          },
          {
            id: 'customers.customer.user',
            path: 'users/:uid',
            handle: { title: ['titles.user'], roles: ['SF_ADMIN'], confirmLeave: true },
            page: planned,
          },
          {
            id: 'customers.customer.serviceAccess',
            path: 'service-access',
            handle: { title: ['titles.serviceAccess'], confirmLeave: true },
            page: planned,
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
