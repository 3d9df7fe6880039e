import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TListTrackingFilesResponse } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { LIVE_REFRESH_MS } from './live-refresh';

export type TrackingListQuery = Record<string, string | number>;

export const getTrackingFilesQueryOptions = (accountId: number, query: TrackingListQuery) =>
  queryOptions({
    queryKey: ['tracking', accountId, 'files', query],
    queryFn: (): Promise<TListTrackingFilesResponse> =>
      unwrap(
        api.GET('/api/tracking/stt/files', {
          params: { query: { ...query, activeAccountId: String(accountId) } as never },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_REFRESH_MS,
  });

export const useTrackingFiles = (accountId: number, query: TrackingListQuery) =>
  useQuery(getTrackingFilesQueryOptions(accountId, query));
