import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TGetEdiDocumentResponse } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

export const getEdiDocumentQueryOptions = (accountId: number, documentId: string, consignmentId: string) =>
  queryOptions({
    queryKey: ['ediTracking', accountId, 'document', consignmentId, documentId],
    queryFn: (): Promise<TGetEdiDocumentResponse> =>
      unwrap(
        api.GET('/api/tracking/ets/documents/{documentId}/{consignmentId}', {
          params: { path: { documentId, consignmentId }, query: { activeAccountId: String(accountId) } },
        }),
      ),
    // The page shows a refusal (403) itself.
    meta: { handlesErrors: true },
    retry: false,
  });

export const useEdiDocument = (accountId: number, documentId: string, consignmentId: string) =>
  useQuery(getEdiDocumentQueryOptions(accountId, documentId, consignmentId));
