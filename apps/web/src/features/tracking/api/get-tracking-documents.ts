import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TListTrackingDocumentsResponse } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import type { TrackingListQuery } from './get-tracking-files';
import { LIVE_REFRESH_MS } from './live-refresh';

export const getTrackingDocumentsQueryOptions = (accountId: number, query: TrackingListQuery) =>
  queryOptions({
    queryKey: ['tracking', accountId, 'documents', query],
    queryFn: (): Promise<TListTrackingDocumentsResponse> =>
      unwrap(
        api.GET('/api/tracking/stt/documents', {
          params: { query: { ...query, activeAccountId: String(accountId) } as never },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_REFRESH_MS,
  });

export const useTrackingDocuments = (accountId: number, query: TrackingListQuery) =>
  useQuery(getTrackingDocumentsQueryOptions(accountId, query));
