import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts';
import { ApiRequestError } from '../../lib/api/client';
import type { SignInState } from '../../lib/session/auth-session';
import { SignInError } from './complete-sign-in';

/** What the user is told when single sign-on does not end in the app. */
export type SignInFailureView =
  /** The user cancelled at the provider: a calm start, not an error. */
  | { kind: 'cancelled'; state: SignInState | undefined }
  /** The provider knows the user; the Hub does not. Signing in again would not help. */
  | { kind: 'notProvisioned' }
  /** The provider (or the API's view of it) could not be reached. */
  | { kind: 'unavailable'; reference: string }
  /** The provider signed the user in, but the API refused its token (clock, client id). */
  | { kind: 'rejected'; reference: string }
  /** Anything else, with the technical message for support (spec 8's sign-in messages). */
  | { kind: 'failed'; message: string; reference: string };

/** Spec 8: a request id when there is one, otherwise the current time. */
const referenceOf = (error: unknown) =>
  (error instanceof ApiRequestError ? error.requestId : undefined) ?? new Date().toISOString();

export function describeSignInFailure(error: unknown): SignInFailureView {
  if (error instanceof ErrorResponse) {
    if (error.error === 'access_denied') {
      return { kind: 'cancelled', state: error.state as SignInState | undefined };
    }
    if (error.error === 'temporarily_unavailable' || error.error === 'server_error') {
      return { kind: 'unavailable', reference: referenceOf(error) };
    }
    // The provider's code says what went wrong; its description is its own English text.
    return { kind: 'failed', message: error.error ?? 'error', reference: referenceOf(error) };
  }
  if (error instanceof ApiRequestError) {
    if (error.body?.errorCode === 'USER_NOT_PROVISIONED') return { kind: 'notProvisioned' };
    if (error.status === 401) return { kind: 'rejected', reference: referenceOf(error) };
    if (error.status >= 500) return { kind: 'unavailable', reference: referenceOf(error) };
  }
  // fetch() rejects with a TypeError when the provider's host cannot be reached (or the page's
  // policy does not allow it).
  if (error instanceof TypeError || error instanceof ErrorTimeout) {
    return { kind: 'unavailable', reference: referenceOf(error) };
  }
  const message = error instanceof SignInError || error instanceof Error ? error.message : String(error);
  return { kind: 'failed', message, reference: referenceOf(error) };
}
