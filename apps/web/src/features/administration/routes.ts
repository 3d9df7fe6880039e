import type { RouteDefinition } from '../../lib/routing/route-definition';
import { planned } from '../../components/ui/planned';

/** Provider administration of services, applications and permissions (SF_ADMIN). */
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
        page: planned,
      },
      {
        id: 'administration.addService',
        path: 'services/addservice',
        handle: { title: ['titles.addService'] },
        page: planned,
      },
      {
        id: 'administration.service',
        path: 'services/:service',
        children: [
          { id: 'administration.service.index', index: true, redirectTo: 'permissions' },
          {
            id: 'administration.service.permissions',
            path: 'permissions',
            handle: { title: ['titles.permissions'] },
            page: planned,
          },
          {
            id: 'administration.service.addSttPermission',
            path: 'permissions/sttaddpermission',
            handle: { title: ['titles.addSttPermission'], confirmLeave: true },
            page: planned,
          },
          {
            id: 'administration.service.addPermission',
            path: 'permissions/addpermission',
            handle: { title: ['titles.addPermission'] },
            page: planned,
          },
        ],
      },
    ],
  },
];
