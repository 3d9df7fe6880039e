import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { accessRequestKeys } from './keys';

/** The active account's pending or decided requests, with the roles and permissions an approval may give. */
export const listAccountAccessRequestsQueryOptions = (customerId: number, state: 'pending' | 'decided') =>
  queryOptions({
    queryKey: accessRequestKeys.accountState(customerId, state),
    queryFn: () =>
      unwrap(
        api.GET('/api/account-access-requests', {
          params: { query: { activeAccountId: String(customerId), state } },
        }),
      ),
  });

export const useAccountAccessRequests = (customerId: number, state: 'pending' | 'decided') =>
  useQuery(listAccountAccessRequestsQueryOptions(customerId, state));
