import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TGetTrackingDocumentResponse } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { LIVE_REFRESH_MS } from './live-refresh';

export const getTrackingDocumentQueryOptions = (accountId: number, documentId: number) =>
  queryOptions({
    queryKey: ['tracking', accountId, 'document', documentId],
    queryFn: (): Promise<TGetTrackingDocumentResponse> =>
      unwrap(
        api.GET('/api/tracking/stt/documents/{documentId}', {
          params: { path: { documentId: String(documentId) }, query: { activeAccountId: String(accountId) } },
        }),
      ),
    meta: { handlesErrors: true },
    refetchInterval: LIVE_REFRESH_MS,
  });

export const useTrackingDocument = (accountId: number, documentId: number) =>
  useQuery(getTrackingDocumentQueryOptions(accountId, documentId));
