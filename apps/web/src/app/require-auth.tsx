import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { authPaths } from '../features/auth/routes';
import { LoadingPage } from '../components/ui/loading-page';
import { ApiRequestError } from '../lib/api/client';
import { authToken } from '../lib/api/auth-token';
import { getCurrentUserQueryOptions } from '../lib/session/current-user';
import { useQuery } from '@tanstack/react-query';
import { ErrorPage } from '../features/shell/pages/error-page';

/**
 * Lets its children render only for a signed-in user whose profile has loaded. Without a token,
 * or when the server no longer accepts it, the user goes to sign-in and comes back afterwards.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const hasToken = authToken.get() !== null;
  const user = useQuery({ ...getCurrentUserQueryOptions(), enabled: hasToken });
  const from = `${location.pathname}${location.search}`;
  const rejected = user.error instanceof ApiRequestError && user.error.status === 401;

  useEffect(() => {
    if (rejected) {
      authToken.clear();
      navigate(authPaths.signIn, { replace: true, state: { from } });
    }
  }, [rejected, navigate, from]);

  if (!hasToken) return <Navigate to={authPaths.signIn} replace state={{ from }} />;
  if (user.isPending || rejected) return <LoadingPage />;
  if (user.isError) return <ErrorPage error={user.error} onRetry={() => void user.refetch()} />;
  return children;
}
