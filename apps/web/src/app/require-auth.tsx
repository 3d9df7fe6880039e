import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { LoadingPage } from '../components/ui/loading-page';
import { NotProvisioned } from '../features/auth/components/not-provisioned';
import { SignInUnavailable } from '../features/auth/components/sign-in-unavailable';
import { ErrorPage } from '../features/shell/pages/error-page';
import { fullCatalogReady } from '../lib/i18n';
import { withRetries } from '../lib/with-retries';
import { ApiRequestError } from '../lib/api/client';
import { authSession } from '../lib/session/auth-session';
import { getCurrentUserQueryOptions } from '../lib/session/current-user';
import { ACTIVE_ACCOUNT_PARAM } from '../lib/session/active-account';

const EMAIL_CHECK_MS = 15_000;

/** Someone signed in who holds no account yet asks for one (a feature page: it waits for the rest of the catalog). */
const NoAccountPage = lazy(async () => {
  const [module] = await Promise.all([
    withRetries(() => import('../features/access-requests/pages/no-account-page')),
    withRetries(fullCatalogReady),
  ]);
  return { default: module.NoAccountPage };
});

type Status = 'checking' | 'ready' | 'redirecting' | { cannotStart: string };

/**
 * Lets the signed-in frame render only once authentication has finished (spec 4): without a
 * session, sign-in starts and remembers the page and its activeAccountId; a rejected session, or
 * one that can no longer be renewed, starts it again; a user without customers asks for access
 * to one (features/access-requests), and one the Hub does not know cannot go on. When sign-in cannot even start (the provider is unreachable), the
 * page says so with a reference instead of loading forever. In the own-auth flow the loading page
 * also stays until the user's e-mail address is verified.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const queryClient = useQueryClient();
  const session = authSession();
  const [status, setStatus] = useState<Status>('checking');
  const user = useQuery({
    ...getCurrentUserQueryOptions(),
    enabled: status === 'ready',
    refetchInterval: (query) =>
      session.kind === 'own' && query.state.data && !query.state.data.emailVerified ? EMAIL_CHECK_MS : false,
  });
  const rejected = user.error instanceof ApiRequestError && user.error.status === 401;
  const notProvisioned =
    user.error instanceof ApiRequestError && user.error.body?.errorCode === 'USER_NOT_PROVISIONED';

  const startSignIn = useCallback(async () => {
    setStatus('redirecting');
    const params = new URLSearchParams(location.search);
    try {
      await session.signIn({
        path: location.pathname,
        query: location.search,
        activeAccountId: params.get(ACTIVE_ACCOUNT_PARAM) ?? undefined,
      });
    } catch (error) {
      const reference = new Date().toISOString();
      console.error(`[SIGN_IN_UNAVAILABLE] sign-in could not start (reference ${reference})`, error);
      setStatus({ cannotStart: reference });
    }
  }, [session, location]);

  const signInAgain = useCallback(async () => {
    await session.clear();
    queryClient.clear();
    await startSignIn();
  }, [session, queryClient, startSignIn]);

  useEffect(() => {
    if (status === 'checking') {
      void session.hasSession().then((has) => (has ? setStatus('ready') : startSignIn()));
    } else if (status === 'ready' && rejected) {
      void session.clear().then(() => {
        queryClient.clear();
        return startSignIn();
      });
    }
  }, [status, rejected, session, queryClient, startSignIn]);

  // Nothing of a sign-in the Hub cannot accept stays in the browser (spec 4).
  useEffect(() => {
    if (notProvisioned) void session.clear();
  }, [notProvisioned, session]);

  // A session whose renewal became impossible ends when its token runs out: sign in again,
  // back to this page (while the provider's own session lives, without typing anything).
  useEffect(
    () =>
      session.onEnded(() => {
        void signInAgain();
      }),
    [session, signInAgain],
  );

  if (typeof status === 'object') {
    return <SignInUnavailable reference={status.cannotStart} onRetry={() => void startSignIn()} />;
  }
  if (notProvisioned) return <NotProvisioned />;
  if (status !== 'ready' || user.isPending || rejected) return <LoadingPage />;
  if (user.isError) return <ErrorPage error={user.error} onRetry={() => void user.refetch()} />;
  if (session.kind === 'own' && !user.data.emailVerified) return <LoadingPage />;
  if (user.data.customers.length === 0)
    return (
      <Suspense fallback={<LoadingPage />}>
        <NoAccountPage />
      </Suspense>
    );
  return children;
}
