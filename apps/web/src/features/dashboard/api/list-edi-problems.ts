import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  EDI_PROBLEM_STATUSES,
  EDI_DEFAULT_DAYS,
  type TListEdiMessagesRequest,
  type TListEdiMessagesResponse,
} from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { toQuery } from '../../../lib/api/query';
import { userTimeZone } from '../../../lib/list-state/list-state';
import { daysAgo } from '../../../lib/routing/edi-tracking-links';

/** The widget shows the newest few of the smallest page the API serves. */
export const EDI_PROBLEMS_SHOWN = 5;

/**
 * The newest EDI messages in ERROR or missing information (NOT_EXISTS) of the last days: the EDI
 * lists' own errors-first view, so the widget and the list it links to count the same messages.
 */
export const ediProblemsQueryOptions = (accountId: number, today = new Date()) => {
  const request: TListEdiMessagesRequest = {
    status: [...EDI_PROBLEM_STATUSES],
    fromDate: daysAgo(EDI_DEFAULT_DAYS, today),
    timeZone: userTimeZone(),
    sortBy: 'createdAt',
    sortDirection: 'desc',
    page: 1,
    pageSize: 10,
  };
  return queryOptions({
    queryKey: ['dashboard', accountId, 'edi-problems', request],
    // The widget shows its own error state instead of a toast.
    meta: { handlesErrors: true },
    queryFn: (): Promise<TListEdiMessagesResponse> =>
      unwrap(
        api.GET('/api/tracking/ets/messages', {
          params: { query: { ...toQuery(request), activeAccountId: String(accountId) } },
        }),
      ),
  });
};

export const useEdiProblems = (accountId: number) => useQuery(ediProblemsQueryOptions(accountId));
