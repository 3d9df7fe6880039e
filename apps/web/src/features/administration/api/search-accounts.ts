import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

/** Customer accounts whose name contains the text (a provider administrator sees every account). */
export const searchAccountsQueryOptions = (nameContains: string) =>
  queryOptions({
    queryKey: ['accounts', { nameContains }],
    queryFn: () => unwrap(api.GET('/api/accounts', { params: { query: { nameContains } } })),
    placeholderData: keepPreviousData,
  });

export const useAccountSearch = (nameContains: string) => useQuery(searchAccountsQueryOptions(nameContains));
