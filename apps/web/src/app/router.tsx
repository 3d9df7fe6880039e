import { createBrowserRouter, Navigate } from 'react-router';
import { authRoutes } from '../features/auth/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { shellRoutes } from '../features/shell/routes';
import { AppLayout } from './app-layout';
import { RequireAuth } from './require-auth';
import { RootRoute } from './root-route';

/** Feature routes meet here; each carries its flags and title parts in `handle`. */
export const router = createBrowserRouter([
  {
    element: <RootRoute />,
    children: [
      ...authRoutes,
      ...shellRoutes,
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [{ index: true, element: <Navigate to="/dashboard" replace /> }, ...dashboardRoutes],
      },
      { path: '*', element: <Navigate to="/not-found" replace /> },
    ],
  },
]);
