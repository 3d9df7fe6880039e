import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TGetEdiConsignmentResponse } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

export const getEdiConsignmentQueryOptions = (accountId: number, consignmentId: string) =>
  queryOptions({
    queryKey: ['ediTracking', accountId, 'consignment', consignmentId],
    queryFn: (): Promise<TGetEdiConsignmentResponse> =>
      unwrap(
        api.GET('/api/tracking/ets/consignments/{consignmentId}', {
          params: { path: { consignmentId }, query: { activeAccountId: String(accountId) } },
        }),
      ),
    // The page shows a refusal (403) itself.
    meta: { handlesErrors: true },
    retry: false,
  });

export const useEdiConsignment = (accountId: number, consignmentId: string) =>
  useQuery(getEdiConsignmentQueryOptions(accountId, consignmentId));
