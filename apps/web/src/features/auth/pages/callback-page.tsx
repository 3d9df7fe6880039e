import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingPage } from '../../../components/ui/loading-page';
import { userToken } from '../../../lib/api/auth-token';
import { authSession } from '../../../lib/session/auth-session';
import { completeSignIn, isSignInState, SIGN_IN_MESSAGES, SignInError } from '../complete-sign-in';
import { SignInFailure } from '../components/sign-in-failure';
import { safeReturnPath } from '../safe-return-path';

/**
 * Where sign-in returns (spec 4). Single sign-on: the provider's answer, with the state saved at
 * the start. Own auth service: a `token` query parameter, stored as userToken. Then the user and
 * customers load and the user goes to the saved page.
 */
export function CallbackPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
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
            activeAccountId: target.searchParams.get('activeAccountId') ?? undefined,
          };
        }
        navigate(await completeSignIn(queryClient, state), { replace: true });
      } catch (error) {
        // Any failure forgets the local sign-in state (spec 4); the failure page signs out.
        console.error(error);
        await session.clear();
        queryClient.clear();
        setFailure(
          error instanceof SignInError
            ? error.message
            : String(error instanceof Error ? error.message : error),
        );
      }
    })();
  }, [navigate, params, queryClient]);

  if (failure) return <SignInFailure message={failure} />;
  return <LoadingPage />;
}
