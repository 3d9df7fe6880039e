import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Redirect } from '../../../components/ui/redirect';
import { LoadingPage } from '../../../components/ui/loading-page';
import { userToken } from '../../../lib/api/auth-token';
import { authSession } from '../../../lib/session/auth-session';
import { completeSignIn, isSignInState, SIGN_IN_MESSAGES, SignInError } from '../complete-sign-in';
import { NotProvisioned } from '../components/not-provisioned';
import { SignInFailure } from '../components/sign-in-failure';
import { SignInUnavailable } from '../components/sign-in-unavailable';
import { describeSignInFailure, type SignInFailureView } from '../describe-sign-in-failure';
import { safeReturnPath } from '../safe-return-path';
import { ACTIVE_ACCOUNT_PARAM } from '../../../lib/session/active-account';
import { appLinks } from '../../../lib/routing/links';

/**
 * Where sign-in returns (spec 4). Single sign-on: the provider's answer, with the state saved at
 * the start. Own auth service: a `token` query parameter, stored as userToken. Then the user and
 * customers load and the user goes to the saved page.
 */
export function CallbackPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<SignInFailureView | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const session = authSession();
    void (async () => {
      try {
        let state;
        if (session.kind === 'sso') {
          state = await session.readCallback();
          if (!isSignInState(state)) throw new SignInError(SIGN_IN_MESSAGES.noState);
        } else {
          const token = params.get('token');
          if (!token) {
            console.error(SIGN_IN_MESSAGES.noToken);
            await session.signIn({ path: safeReturnPath(params.get('returnTo')), query: '' });
            return;
          }
          userToken.set(token);
          const target = new URL(safeReturnPath(params.get('returnTo')), window.location.origin);
          state = {
            path: target.pathname,
            query: target.search,
            activeAccountId: target.searchParams.get(ACTIVE_ACCOUNT_PARAM) ?? undefined,
          };
        }
        navigate(await completeSignIn(queryClient, state), { replace: true });
      } catch (error) {
        // Any failure forgets the local sign-in state (spec 4); the failure page signs out.
        const view = describeSignInFailure(error);
        console.error(error, view);
        await session.clear();
        queryClient.clear();
        setFailure(view);
      }
    })();
  }, [navigate, params, queryClient]);

  if (!failure) return <LoadingPage />;
  switch (failure.kind) {
    case 'cancelled': {
      const { state } = failure;
      const returnTo = state ? `${state.path}${state.query}` : appLinks.dashboard();
      return <Redirect to={appLinks.signIn({ cancelled: true, returnTo })} replace />;
    }
    case 'notProvisioned':
      return <NotProvisioned />;
    case 'unavailable':
      return (
        <SignInUnavailable
          reference={failure.reference}
          onRetry={() => window.location.assign(appLinks.dashboard())}
        />
      );
    case 'rejected':
      return <SignInFailure reason="signIn.failure.rejected" reference={failure.reference} />;
    case 'failed':
      return <SignInFailure message={failure.message} reference={failure.reference} />;
  }
}
