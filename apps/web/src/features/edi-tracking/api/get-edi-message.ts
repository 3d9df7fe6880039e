import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TGetEdiMessageResponse } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

export const getEdiMessageQueryOptions = (accountId: number, messageId: string, consignmentId: string) =>
  queryOptions({
    queryKey: ['ediTracking', accountId, 'message', consignmentId, messageId],
    queryFn: (): Promise<TGetEdiMessageResponse> =>
      unwrap(
        api.GET('/api/tracking/ets/messages/{messageId}/{consignmentId}', {
          params: { path: { messageId, consignmentId }, query: { activeAccountId: String(accountId) } },
        }),
      ),
    // The page shows a refusal (403) itself.
    meta: { handlesErrors: true },
    retry: false,
  });

export const useEdiMessage = (accountId: number, messageId: string, consignmentId: string) =>
  useQuery(getEdiMessageQueryOptions(accountId, messageId, consignmentId));
