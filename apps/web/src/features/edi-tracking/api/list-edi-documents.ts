import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TListEdiDocumentsResponse } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

export const listEdiDocumentsQueryOptions = (accountId: number, query: Record<string, string | number>) =>
  queryOptions({
    queryKey: ['ediTracking', accountId, 'documents', query],
    queryFn: (): Promise<TListEdiDocumentsResponse> =>
      unwrap(
        api.GET('/api/tracking/ets/documents', {
          params: { query: { ...query, activeAccountId: String(accountId) } as never },
        }),
      ),
    placeholderData: keepPreviousData,
    // A refusal of customerIds (403) is shown by the page.
    meta: { handlesErrors: true },
  });

export const useEdiDocuments = (accountId: number, query: Record<string, string | number>) =>
  useQuery(listEdiDocumentsQueryOptions(accountId, query));
