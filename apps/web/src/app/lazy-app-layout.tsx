import { lazy, Suspense } from 'react';
import { LoadingPage } from '../components/ui/loading-page';
import { withRetries } from '../lib/with-retries';

/**
 * The signed-in frame (header menus, sidebar, notifications) loads after sign-in: the sign-in
 * pages do without its code (floating menus, drawers, the notification stream).
 */
const AppLayout = lazy(() =>
  withRetries(() => import('./app-layout')).then((m) => ({ default: m.AppLayout })),
);

export function LazyAppLayout() {
  return (
    <Suspense fallback={<LoadingPage />}>
      <AppLayout />
    </Suspense>
  );
}
