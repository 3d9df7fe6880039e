import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

export const reportSchedulesKey = (accountId: number) => ['report-schedules', accountId] as const;

export const listReportSchedulesQueryOptions = (accountId: number) =>
  queryOptions({
    queryKey: reportSchedulesKey(accountId),
    queryFn: () =>
      unwrap(api.GET('/api/report-schedules', { params: { query: { activeAccountId: String(accountId) } } })),
  });

export const useReportSchedules = (accountId: number) => useQuery(listReportSchedulesQueryOptions(accountId));
