import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../lib/route-handle';
import { LoadingPage } from './pages/loading-page';
import { NotFoundPage } from './pages/not-found-page';

export const shellRoutes: RouteObject[] = [
  {
    path: '/not-found',
    element: <NotFoundPage />,
    handle: { title: ['notFound.title'] } satisfies RouteHandle,
  },
  { path: '/loading', element: <LoadingPage />, handle: { title: ['common.loading'] } satisfies RouteHandle },
];
