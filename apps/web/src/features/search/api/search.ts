import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TRecordSearchOpenedRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

/** The search and its history belong to the user, not to the active account. */
export const SEARCH_QUERY_KEY = 'search';

export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [SEARCH_QUERY_KEY, 'results', q],
    queryFn: () => unwrap(api.GET('/api/search', { params: { query: { q } } })),
    enabled: q.length > 0,
    // The list stays while the next keystroke's answer comes, so it does not flicker or jump.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    meta: { handlesErrors: true },
  });

export const useSearch = (q: string) => useQuery(searchQueryOptions(q));

const historyQueryOptions = () =>
  queryOptions({
    queryKey: [SEARCH_QUERY_KEY, 'history'],
    queryFn: () => unwrap(api.GET('/api/search/history')),
    meta: { handlesErrors: true },
  });

export const useSearchHistory = (enabled: boolean) => useQuery({ ...historyQueryOptions(), enabled });

export function useRecordSearchOpened() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TRecordSearchOpenedRequest) => unwrap(api.POST('/api/search/history', { body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: historyQueryOptions().queryKey }),
    // Remembering is a convenience: the page opens whether or not it is kept.
    meta: { handlesErrors: true },
  });
}

export function useClearSearchHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/search/history')),
    onSuccess: () => queryClient.setQueryData(historyQueryOptions().queryKey, { searches: [], opened: [] }),
  });
}
