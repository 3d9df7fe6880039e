import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TListTrackingDocumentsRequest, TListTrackingDocumentsResponse } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { toQuery } from '../../../lib/api/query';
import { LIVE_REFRESH_MS } from './live-refresh';

export const getTrackingDocumentsQueryOptions = (accountId: number, request: TListTrackingDocumentsRequest) =>
  queryOptions({
    queryKey: ['tracking', accountId, 'documents', request],
    queryFn: (): Promise<TListTrackingDocumentsResponse> =>
      unwrap(
        api.GET('/api/tracking/stt/documents', {
          params: { query: { ...toQuery(request), activeAccountId: String(accountId) } },
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_REFRESH_MS,
  });

export const useTrackingDocuments = (accountId: number, request: TListTrackingDocumentsRequest) =>
  useQuery(getTrackingDocumentsQueryOptions(accountId, request));
