import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { LoadingPage } from '../components/ui/loading-page';
import { SIGN_IN_MESSAGES } from '../features/auth/complete-sign-in';
import { SignInFailure } from '../features/auth/components/sign-in-failure';
import { ErrorPage } from '../features/shell/pages/error-page';
import { ApiRequestError } from '../lib/api/client';
import { authSession } from '../lib/session/auth-session';
import { getCurrentUserQueryOptions } from '../lib/session/current-user';

const EMAIL_CHECK_MS = 15_000;

/**
 * Lets the signed-in frame render only once authentication has finished (spec 4): without a
 * session, sign-in starts and remembers the page and its activeAccountId; a rejected session
 * starts it again; a user without customers cannot go on. In the own-auth flow the loading page
 * also stays until the user's e-mail address is verified.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const queryClient = useQueryClient();
  const session = authSession();
  const [status, setStatus] = useState<'checking' | 'ready' | 'redirecting'>('checking');
  const user = useQuery({
    ...getCurrentUserQueryOptions(),
    enabled: status === 'ready',
    refetchInterval: (query) =>
      session.kind === 'own' && query.state.data && !query.state.data.emailVerified ? EMAIL_CHECK_MS : false,
  });
  const rejected = user.error instanceof ApiRequestError && user.error.status === 401;

  useEffect(() => {
    const startSignIn = async () => {
      setStatus('redirecting');
      const params = new URLSearchParams(location.search);
      await session.signIn({
        path: location.pathname,
        query: location.search,
        activeAccountId: params.get('activeAccountId') ?? undefined,
      });
    };
    if (status === 'checking') {
      void session.hasSession().then((has) => (has ? setStatus('ready') : startSignIn()));
    } else if (status === 'ready' && rejected) {
      void session.clear().then(() => {
        queryClient.clear();
        return startSignIn();
      });
    }
  }, [status, rejected, session, location, queryClient]);

  if (status !== 'ready' || user.isPending || rejected) return <LoadingPage />;
  if (user.isError) return <ErrorPage error={user.error} onRetry={() => void user.refetch()} />;
  if (user.data.customers.length === 0) return <SignInFailure message={SIGN_IN_MESSAGES.noCustomer} />;
  if (session.kind === 'own' && !user.data.emailVerified) return <LoadingPage />;
  return children;
}
