import type { TVerifyEmailDomainRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

/** The confirmation link of a domain: whoever reads mail there vouches for it. */
export const verifyEmailDomain = (body: TVerifyEmailDomainRequest) =>
  unwrap(api.POST('/api/email-domains/verify', { body }));
