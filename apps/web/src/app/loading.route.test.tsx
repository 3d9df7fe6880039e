import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { TRuntimeConfig } from '@service-hub/contracts';
import { LoadingPage } from '../components/ui/loading-page';
import { Redirect } from '../components/ui/redirect';
import { PageLoadError } from '../features/shell/pages/page-load-error';
import { initI18n } from '../lib/i18n';
import { App } from './app';
import { appRoutes, toRouteObject } from './router';

const config = { useAuthService: 1, sessionIdleMinutes: 0 } as TRuntimeConfig;

/** The app's providers around a router of the given routes, under the app's own root route. */
async function renderRoutes(children: RouteObject[], path: string) {
  localStorage.setItem('language', 'en-SE');
  const i18n = await initI18n();
  const router = createMemoryRouter(
    [{ id: 'app', HydrateFallback: LoadingPage, ErrorBoundary: PageLoadError, children }],
    { initialEntries: [path] },
  );
  render(<App config={config} i18n={i18n} appRouter={router} />);
  return router;
}

describe('while a page loads, and when it cannot', () => {
  it('a redirect shows the loading page until the page it leads to is there', async () => {
    let arrive!: () => void;
    const Target = () => <h1>Target</h1>;
    const slow = () =>
      new Promise<{ default: typeof Target }>((resolve) => (arrive = () => resolve({ default: Target })));
    const router = await renderRoutes(
      [
        { id: 'from', path: '/from', element: <Redirect to="/target" replace /> },
        toRouteObject({ id: 'target', path: '/target', page: slow, coreCatalog: true }),
      ],
      '/from',
    );
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Loading…');
    expect(router.state.navigation.state).toBe('loading');
    await act(async () => arrive());
    expect(await screen.findByRole('heading', { level: 1, name: 'Target' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a page that fails says so in the user’s language, with a way to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('broken page');
    };
    await renderRoutes([{ id: 'broken', path: '/broken', Component: Broken }], '/broken');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This page could not be shown');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    vi.restoreAllMocks();
  });

  it('has an error boundary for the whole app and one inside the signed-in frame', () => {
    expect(appRoutes[0]!.ErrorBoundary).toBe(PageLoadError);
    const frame = appRoutes[0]!.children!.find((route) => route.id === 'frame')!;
    expect(frame.children!.find((route) => route.id === 'guard')!.ErrorBoundary).toBe(PageLoadError);
  });
});
