import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TListReportsResponse } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

/** The newest reports first; the smallest page the list offers. */
export const RECENT_REPORTS_QUERY = {
  page: 1,
  pageSize: 10,
  sortBy: 'created',
  sortDirection: 'desc',
} as const;

export const recentReportsQueryOptions = (accountId: number) =>
  queryOptions({
    queryKey: ['dashboard', accountId, 'recent-reports'],
    // The widget shows its own error state instead of a toast.
    meta: { handlesErrors: true },
    queryFn: (): Promise<TListReportsResponse> =>
      unwrap(
        api.GET('/api/reports', {
          params: { query: { ...RECENT_REPORTS_QUERY, activeAccountId: String(accountId) } },
        }),
      ),
  });

export const useRecentReports = (accountId: number) => useQuery(recentReportsQueryOptions(accountId));
