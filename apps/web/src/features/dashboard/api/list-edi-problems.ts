import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TListEdiMessagesResponse } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { userTimeZone } from '../../../lib/list-state/list-state';
import { errorsFirstFilters } from '../../../lib/routing/edi-tracking-links';

const SHOWN = 5;

/**
 * The newest EDI messages in ERROR or missing information (NOT_EXISTS) of the last days: the EDI
 * lists' own errors-first view, so the widget and the list it links to count the same messages.
 */
export const ediProblemsQueryOptions = (accountId: number, filters = errorsFirstFilters()) =>
  queryOptions({
    queryKey: ['dashboard', accountId, 'edi-problems', filters],
    // The widget shows its own error state instead of a toast.
    meta: { handlesErrors: true },
    queryFn: (): Promise<TListEdiMessagesResponse> =>
      unwrap(
        api.GET('/api/tracking/ets/messages', {
          params: {
            query: {
              ...filters,
              timeZone: userTimeZone(),
              sortBy: 'createdAt',
              sortDirection: 'desc',
              page: 1,
              pageSize: SHOWN,
              activeAccountId: String(accountId),
            } as never,
          },
        }),
      ),
  });

export const useEdiProblems = (accountId: number) => useQuery(ediProblemsQueryOptions(accountId));
