import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TListDeploymentRequestsRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

export type RequestListFilters = TListDeploymentRequestsRequest & {
  /** Provider staff: every customer's orders instead of the active account's. */
  allCustomers: boolean;
};

export const listDeploymentRequestsQueryOptions = (accountId: number | null, filters: RequestListFilters) => {
  const query = {
    status: filters.status,
    sort: filters.sort,
    order: filters.order,
    page: filters.page,
    pageSize: filters.pageSize,
  };
  return queryOptions({
    queryKey: ['edi-connect', 'requests', filters.allCustomers ? 'all' : accountId, query],
    queryFn: () =>
      filters.allCustomers
        ? unwrap(api.GET('/api/edi-connect/provider/deployment-requests', { params: { query } }))
        : unwrap(
            api.GET('/api/edi-connect/deployment-requests', {
              params: { query: { ...query, activeAccountId: String(accountId) } },
            }),
          ),
    placeholderData: keepPreviousData,
  });
};

export const useDeploymentRequests = (accountId: number | null, filters: RequestListFilters) =>
  useQuery({
    ...listDeploymentRequestsQueryOptions(accountId, filters),
    enabled: filters.allCustomers || accountId !== null,
  });
