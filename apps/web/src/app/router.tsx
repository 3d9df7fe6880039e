import { createBrowserRouter, type RouteObject } from 'react-router';
import { Redirect } from '../components/ui/redirect';
import { LoadingPage } from '../components/ui/loading-page';
import { PageLoadError } from '../features/shell/pages/page-load-error';
import { fullCatalogReady } from '../lib/i18n';
import { withRetries } from '../lib/with-retries';
import type { RouteDefinition } from '../lib/routing/route-definition';
import { LazyAppLayout } from './lazy-app-layout';
import { NotFoundFrame } from './not-found-frame';
import { RequireAuth } from './require-auth';
import { RootRoute } from './root-route';
import { notFoundRoute, openRoutes, signedInRoutes } from './route-table';
import { appLinks } from '../lib/routing/links';

/** Turns a route definition into a React Router route: lazy page, redirect or plain outlet. */
export function toRouteObject(definition: RouteDefinition): RouteObject {
  const common = { id: definition.id, handle: definition.handle };
  const children = definition.children?.map(toRouteObject);
  const element =
    definition.redirectTo !== undefined ? <Redirect to={definition.redirectTo} replace /> : undefined;
  const page = definition.page;
  // A feature page waits for the rest of the catalog too: it never shows a key. Each is tried
  // again when it fails to load; meanwhile the loading page shows, and after the last try the
  // error page of the nearest boundary (PageLoadError) with a way to try again.
  const lazy = page
    ? async () => {
        const [module] = await Promise.all([
          withRetries(page),
          definition.coreCatalog || withRetries(fullCatalogReady),
        ]);
        return { Component: module.default };
      }
    : undefined;
  if (definition.index) return { ...common, index: true, element, lazy };
  return { ...common, path: definition.path, element, lazy, children };
}

/** The whole route tree: the browser router below, and a memory router in route-level tests. */
export const appRoutes: RouteObject[] = [
  {
    id: 'app',
    element: <RootRoute />,
    // Shown while the first lazy page loads.
    HydrateFallback: LoadingPage,
    // A page that could not load or show, outside the signed-in frame.
    ErrorBoundary: PageLoadError,
    children: [
      ...openRoutes.map(toRouteObject),
      { id: 'notFoundFrame', element: <NotFoundFrame />, children: [toRouteObject(notFoundRoute)] },
      {
        id: 'frame',
        element: (
          <RequireAuth>
            <LazyAppLayout />
          </RequireAuth>
        ),
        children: [
          {
            id: 'guard',
            // Loaded with the frame, after sign-in (its unsaved-changes dialog is the frame's too).
            lazy: async () => ({ Component: (await withRetries(() => import('./route-guard'))).RouteGuard }),
            // A signed-in page that could not load or show: in the frame, which stays usable.
            ErrorBoundary: PageLoadError,
            children: signedInRoutes.map(toRouteObject),
          },
        ],
      },
      { id: 'unknown', path: '*', element: <Redirect to={appLinks.notFound()} replace /> },
    ],
  },
];

export const router = createBrowserRouter(appRoutes);
