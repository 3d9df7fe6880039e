import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { accessRequestKeys } from './keys';

/** While a request waits, the list is read again now and then: its answer may come any moment. */
const WAITING_REFRESH_MS = 30_000;

export const listMyAccessRequestsQueryOptions = () =>
  queryOptions({
    queryKey: accessRequestKeys.mine(),
    queryFn: () => unwrap(api.GET('/api/access-requests')),
    refetchInterval: (query) =>
      query.state.data?.requests.some((r) => r.status === 'pending') ? WAITING_REFRESH_MS : false,
  });

export const useMyAccessRequests = () => useQuery(listMyAccessRequestsQueryOptions());
