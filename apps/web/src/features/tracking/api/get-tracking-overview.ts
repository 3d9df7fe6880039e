import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TGetTrackingOverviewRequest, TGetTrackingOverviewResponse } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { LIVE_REFRESH_MS } from './live-refresh';

/** The overview always names the viewer's time zone, so the days match what they see. */
export type OverviewRange = TGetTrackingOverviewRequest & { timeZone: string };

export const getTrackingOverviewQueryOptions = (accountId: number, range: OverviewRange) =>
  queryOptions({
    queryKey: ['tracking', accountId, 'overview', range],
    queryFn: (): Promise<TGetTrackingOverviewResponse> =>
      unwrap(
        api.GET('/api/tracking/stt/overview', {
          params: { query: { ...range, activeAccountId: String(accountId) } },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_REFRESH_MS,
  });

export const useTrackingOverview = (accountId: number, range: OverviewRange) =>
  useQuery(getTrackingOverviewQueryOptions(accountId, range));
