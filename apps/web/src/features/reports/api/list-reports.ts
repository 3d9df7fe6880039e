import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TListReportsRequest, TListReportsResponse } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

export type ReportListParams = TListReportsRequest;

export const reportsKey = (accountId: number) => ['reports', accountId] as const;

/** While a report is queued or generating the list refreshes every second: the live progress bar. */
const isWorking = (list: TListReportsResponse | undefined) =>
  list?.reports.some((r) => r.status === 'queued' || r.status === 'generating') ?? false;

export const listReportsQueryOptions = (accountId: number, params: ReportListParams) =>
  queryOptions({
    queryKey: [...reportsKey(accountId), params],
    queryFn: () =>
      unwrap(
        api.GET('/api/reports', { params: { query: { ...params, activeAccountId: String(accountId) } } }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled: accountId > 0,
    refetchInterval: (query) => (isWorking(query.state.data) ? 1000 : false),
  });

export const useReports = (accountId: number, params: ReportListParams) =>
  useQuery(listReportsQueryOptions(accountId, params));
