import type { TVerifyRegistrationRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

/** The registration link with the password chosen then: a token (own auth) or "sign in at the provider". */
export const verifyRegistration = (body: TVerifyRegistrationRequest) =>
  unwrap(api.POST('/api/auth/registrations/verify', { body }));
