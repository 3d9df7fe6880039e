import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TListEdiMessagesRequest, TListEdiMessagesResponse } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { toQuery } from '../../../lib/api/query';

export const listEdiMessagesQueryOptions = (accountId: number, request: TListEdiMessagesRequest) =>
  queryOptions({
    queryKey: ['ediTracking', accountId, 'messages', request],
    queryFn: (): Promise<TListEdiMessagesResponse> =>
      unwrap(
        api.GET('/api/tracking/ets/messages', {
          params: { query: { ...toQuery(request), activeAccountId: String(accountId) } },
        }),
      ),
    placeholderData: keepPreviousData,
    // A refusal of customerIds (403) is shown by the page.
    meta: { handlesErrors: true },
  });

export const useEdiMessages = (accountId: number, request: TListEdiMessagesRequest) =>
  useQuery(listEdiMessagesQueryOptions(accountId, request));
