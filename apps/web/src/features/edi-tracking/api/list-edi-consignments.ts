import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TListEdiConsignmentsRequest, TListEdiConsignmentsResponse } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { toQuery } from '../../../lib/api/query';

export const listEdiConsignmentsQueryOptions = (accountId: number, request: TListEdiConsignmentsRequest) =>
  queryOptions({
    queryKey: ['ediTracking', accountId, 'consignments', request],
    queryFn: (): Promise<TListEdiConsignmentsResponse> =>
      unwrap(
        api.GET('/api/tracking/ets/consignments', {
          params: { query: { ...toQuery(request), activeAccountId: String(accountId) } },
        }),
      ),
    placeholderData: keepPreviousData,
    // A refusal of customerIds (403) is shown by the page.
    meta: { handlesErrors: true },
  });

export const useEdiConsignments = (accountId: number, request: TListEdiConsignmentsRequest) =>
  useQuery(listEdiConsignmentsQueryOptions(accountId, request));
