import type { QueryClient } from '@tanstack/react-query';
import { showToast } from '../../lib/feedback/toasts';
import {
  ACTIVE_ACCOUNT_PARAM,
  resolveRequestedAccount,
  storeActiveAccountId,
} from '../../lib/session/active-account';
import { SIGN_IN_RESULT_MISSING, type SignInState } from '../../lib/session/auth-session';
import { getCurrentUserQueryOptions } from '../../lib/session/current-user';

/** The sign-in messages of spec 8: developer-facing, shown with the failure page. */
export const SIGN_IN_MESSAGES = {
  noCustomer: 'User not owned by any Customer! Illegal State!',
  noState: 'No state parameter in OIDC callback!',
  noToken: 'No token found in URL',
  noResult: SIGN_IN_RESULT_MISSING,
} as const;

export class SignInError extends Error {}

export function isSignInState(value: unknown): value is SignInState {
  return typeof value === 'object' && value !== null && typeof (value as SignInState).path === 'string';
}

/**
 * The common end of both sign-in flows (spec 4): load the user, pick the
 * active account from the state (warning when the requested one is not the user's), and answer
 * where to go.
 */
export async function completeSignIn(queryClient: QueryClient, state: SignInState): Promise<string> {
  const user = await queryClient.fetchQuery({ ...getCurrentUserQueryOptions(), staleTime: 0 });
  // Someone who holds no account yet goes on: the app asks them which one they need (issue 23).
  if (user.customers.length === 0) {
    storeActiveAccountId(null);
    return state.path;
  }
  const { requested, id: requestedId, owned } = resolveRequestedAccount(user, state.activeAccountId);
  if (owned) {
    storeActiveAccountId(requestedId);
  } else {
    if (requested !== null) {
      showToast({
        appearance: 'warning',
        message: 'shell.activeAccount.notAuthorized',
        values: { id: requested },
      });
    }
    storeActiveAccountId(user.customers[0]!.id);
  }
  const query = new URLSearchParams(state.query);
  // The address must not keep asking for an account the user may not open.
  if (!owned) query.delete(ACTIVE_ACCOUNT_PARAM);
  const search = query.toString();
  return `${state.path}${search ? `?${search}` : ''}`;
}
