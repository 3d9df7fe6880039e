import type { RouteDefinition } from '../../lib/routing/route-definition';

/**
 * Provider administration of services, applications and permissions, API keys and the status
 * page's incidents and maintenance (SF_ADMIN).
 */
export const administrationRoutes: RouteDefinition[] = [
  {
    id: 'administration',
    path: '/administration',
    handle: { title: ['titles.administration'], roles: ['SF_ADMIN'] },
    children: [
      { id: 'administration.index', index: true, redirectTo: 'services' },
      {
        id: 'administration.services',
        path: 'services',
        handle: { title: ['titles.services'], topLevel: true },
        page: () => import('./pages/services-page').then((m) => ({ default: m.ServicesPage })),
      },
      {
        id: 'administration.apiKeys',
        path: 'api-keys',
        handle: { title: ['titles.apiKeys'], topLevel: true },
        page: () => import('./pages/api-keys-page').then((m) => ({ default: m.ApiKeysPage })),
      },
      {
        id: 'administration.status',
        path: 'status',
        handle: { title: ['titles.statusNotices'], topLevel: true },
        page: () => import('./pages/status-notices-page').then((m) => ({ default: m.StatusNoticesPage })),
      },
      {
        id: 'administration.addService',
        path: 'services/addservice',
        handle: { title: ['titles.addService'] },
        page: () => import('./pages/add-service-page').then((m) => ({ default: m.AddServicePage })),
      },
      {
        id: 'administration.service',
        path: 'services/:service',
        handle: { fallback: '/administration/services' },
        children: [
          { id: 'administration.service.index', index: true, redirectTo: 'permissions' },
          {
            id: 'administration.service.permissions',
            path: 'permissions',
            handle: { title: ['titles.permissions'] },
            page: () =>
              import('./pages/service-permissions-page').then((m) => ({ default: m.ServicePermissionsPage })),
          },
          {
            id: 'administration.service.addSttPermission',
            path: 'permissions/sttaddpermission',
            handle: { title: ['titles.addSttPermission'], confirmLeave: true },
            page: () =>
              import('./pages/add-permission-page').then((m) => ({ default: m.AddSttPermissionPage })),
          },
          {
            id: 'administration.service.addPermission',
            path: 'permissions/addpermission',
            handle: { title: ['titles.addPermission'] },
            page: () => import('./pages/add-permission-page').then((m) => ({ default: m.AddPermissionPage })),
          },
        ],
      },
    ],
  },
];
