import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

/** GET /api/v3/user/mfa: which second factor an account requires and which are enrolled. */
export const getMfaStatusQueryOptions = () =>
  queryOptions({ queryKey: ['current-user', 'mfa'], queryFn: () => unwrap(api.GET('/api/v3/user/mfa')) });

export const useMfaStatus = () => useQuery(getMfaStatusQueryOptions());
