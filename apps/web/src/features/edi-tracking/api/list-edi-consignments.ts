import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TListEdiConsignmentsResponse } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

export const listEdiConsignmentsQueryOptions = (accountId: number, query: Record<string, string | number>) =>
  queryOptions({
    queryKey: ['ediTracking', accountId, 'consignments', query],
    queryFn: (): Promise<TListEdiConsignmentsResponse> =>
      unwrap(
        api.GET('/api/tracking/ets/consignments', {
          params: { query: { ...query, activeAccountId: String(accountId) } as never },
        }),
      ),
    placeholderData: keepPreviousData,
    // A refusal of customerIds (403) is shown by the page.
    meta: { handlesErrors: true },
  });

export const useEdiConsignments = (accountId: number, query: Record<string, string | number>) =>
  useQuery(listEdiConsignmentsQueryOptions(accountId, query));
