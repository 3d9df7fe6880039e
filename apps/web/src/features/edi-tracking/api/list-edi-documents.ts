import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TListEdiDocumentsRequest, TListEdiDocumentsResponse } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { toQuery } from '../../../lib/api/query';

export const listEdiDocumentsQueryOptions = (accountId: number, request: TListEdiDocumentsRequest) =>
  queryOptions({
    queryKey: ['ediTracking', accountId, 'documents', request],
    queryFn: (): Promise<TListEdiDocumentsResponse> =>
      unwrap(
        api.GET('/api/tracking/ets/documents', {
          params: { query: { ...toQuery(request), activeAccountId: String(accountId) } },
        }),
      ),
    placeholderData: keepPreviousData,
    // A refusal of customerIds (403) is shown by the page.
    meta: { handlesErrors: true },
  });

export const useEdiDocuments = (accountId: number, request: TListEdiDocumentsRequest) =>
  useQuery(listEdiDocumentsQueryOptions(accountId, request));
