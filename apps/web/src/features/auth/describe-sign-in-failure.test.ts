import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api/client';
import { SIGN_IN_MESSAGES, SignInError } from './complete-sign-in';
import { describeSignInFailure } from './describe-sign-in-failure';

const apiError = (status: number, errorCode?: string) =>
  new ApiRequestError(
    status,
    { status, title: 't', detail: 'd', requestId: 'req-1', ...(errorCode ? { errorCode } : {}) } as never,
    'req-1',
  );
const isoTime = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);

describe('describeSignInFailure', () => {
  it('turns a cancel at the provider into a calm start that keeps where the user was going', () => {
    const state = { path: '/tracking/files', query: '?activeAccountId=3' };
    const cancelled = new ErrorResponse({
      error: 'access_denied',
      error_description: 'The user cancelled the sign-in.',
      userState: state,
    });
    expect(describeSignInFailure(cancelled)).toEqual({ kind: 'cancelled', state });
  });

  it('tells a user the Hub does not know apart from a token the API refused', () => {
    expect(describeSignInFailure(apiError(403, 'USER_NOT_PROVISIONED'))).toEqual({ kind: 'notProvisioned' });
    expect(describeSignInFailure(apiError(401, 'UNAUTHENTICATED'))).toEqual({
      kind: 'rejected',
      reference: 'req-1',
    });
  });

  it('calls an unreachable provider or API unavailable, with a reference', () => {
    expect(describeSignInFailure(new TypeError('Failed to fetch'))).toEqual({
      kind: 'unavailable',
      reference: isoTime,
    });
    expect(describeSignInFailure(new ErrorTimeout('timed out'))).toMatchObject({ kind: 'unavailable' });
    expect(describeSignInFailure(apiError(503, 'SERVICE_UNAVAILABLE'))).toEqual({
      kind: 'unavailable',
      reference: 'req-1',
    });
  });

  it('keeps spec 8’s sign-in messages, and shows a provider’s error by its code only', () => {
    expect(describeSignInFailure(new SignInError(SIGN_IN_MESSAGES.noState))).toEqual({
      kind: 'failed',
      message: 'No state parameter in OIDC callback!',
      reference: isoTime,
    });
    const refused = new ErrorResponse({ error: 'invalid_client', error_description: 'client is unknown' });
    expect(describeSignInFailure(refused)).toMatchObject({ kind: 'failed', message: 'invalid_client' });
  });
});
