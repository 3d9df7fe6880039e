import type { TSignInRequest, TSignInResponse } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

/** Own auth service: password step. */
export const loginWithPassword = (credentials: TSignInRequest): Promise<TSignInResponse> =>
  unwrap(api.POST('/api/auth/login', { body: credentials }));

/** Own auth service: second-factor step. */
export const verifyMfaCode = (challengeId: string, code: string) =>
  unwrap(api.POST('/api/auth/mfa/verify', { body: { challengeId, code } }));

/** Built-in identity provider: the steps of one sign-in interaction. */
export const interaction = {
  details: (uid: string) => unwrap(api.GET('/idp/interaction/{uid}/details', { params: { path: { uid } } })),
  login: (uid: string, credentials: TSignInRequest) =>
    unwrap(api.POST('/idp/interaction/{uid}/login', { params: { path: { uid } }, body: credentials })),
  mfa: (uid: string, challengeId: string, code: string) =>
    unwrap(
      api.POST('/idp/interaction/{uid}/mfa', { params: { path: { uid } }, body: { challengeId, code } }),
    ),
  abort: (uid: string) => unwrap(api.POST('/idp/interaction/{uid}/abort', { params: { path: { uid } } })),
};
