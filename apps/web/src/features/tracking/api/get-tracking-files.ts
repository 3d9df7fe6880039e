import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TListTrackingFilesRequest, TListTrackingFilesResponse } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { toQuery } from '../../../lib/api/query';
import { LIVE_REFRESH_MS } from './live-refresh';

export const getTrackingFilesQueryOptions = (accountId: number, request: TListTrackingFilesRequest) =>
  queryOptions({
    queryKey: ['tracking', accountId, 'files', request],
    queryFn: (): Promise<TListTrackingFilesResponse> =>
      unwrap(
        api.GET('/api/tracking/stt/files', {
          params: { query: { ...toQuery(request), activeAccountId: String(accountId) } },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_REFRESH_MS,
  });

export const useTrackingFiles = (accountId: number, request: TListTrackingFilesRequest) =>
  useQuery(getTrackingFilesQueryOptions(accountId, request));
