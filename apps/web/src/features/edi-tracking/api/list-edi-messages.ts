import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TListEdiMessagesResponse } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

export const listEdiMessagesQueryOptions = (accountId: number, query: Record<string, string | number>) =>
  queryOptions({
    queryKey: ['ediTracking', accountId, 'messages', query],
    queryFn: (): Promise<TListEdiMessagesResponse> =>
      unwrap(
        api.GET('/api/tracking/ets/messages', {
          params: { query: { ...query, activeAccountId: String(accountId) } as never },
        }),
      ),
    placeholderData: keepPreviousData,
    // A refusal of customerIds (403) is shown by the page.
    meta: { handlesErrors: true },
  });

export const useEdiMessages = (accountId: number, query: Record<string, string | number>) =>
  useQuery(listEdiMessagesQueryOptions(accountId, query));
