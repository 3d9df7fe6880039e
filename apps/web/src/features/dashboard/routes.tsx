import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../lib/route-handle';
import { DashboardPage } from './pages/dashboard-page';

export const dashboardRoutes: RouteObject[] = [
  {
    path: '/dashboard',
    element: <DashboardPage />,
    handle: { title: ['dashboard.title'] } satisfies RouteHandle,
  },
];
