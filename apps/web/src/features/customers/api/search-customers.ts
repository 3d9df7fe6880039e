import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TSearchCustomersRequest, TSearchCustomersResponse } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { useRuntimeConfig } from '../../../lib/runtime-config';

export type CustomerSearch = TSearchCustomersRequest;

/**
 * The customer list (spec 7): v3 with the own authentication service, v2 otherwise; both answer
 * `{ totalCount, result }` for the same parameters.
 */
export const searchCustomersQueryOptions = (search: CustomerSearch, version: 'v2' | 'v3') =>
  queryOptions({
    queryKey: ['customers', 'search', version, search],
    queryFn: async (): Promise<TSearchCustomersResponse> => {
      if (version === 'v2') return unwrap(api.GET('/api/v2/customers', { params: { query: search } }));
      const answer = await unwrap(api.GET('/api/v3/customers', { params: { query: search } }));
      return Array.isArray(answer) ? { totalCount: answer.length, result: [] } : answer;
    },
    placeholderData: keepPreviousData,
  });

export function useCustomerSearch(search: CustomerSearch) {
  const { useAuthService } = useRuntimeConfig();
  return useQuery(searchCustomersQueryOptions(search, useAuthService === 1 ? 'v3' : 'v2'));
}
