import { useQueries } from '@tanstack/react-query';
import type { SupportCaseStatus, TListSupportCasesResponse } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

/** The statuses in which a case waits for the customer: a question to answer, a solution to confirm. */
export const WAITING_FOR_CUSTOMER = [
  'waitingForDetails',
  'readyForClosure',
] as const satisfies readonly SupportCaseStatus[];
export type WaitingStatus = (typeof WAITING_FOR_CUSTOMER)[number];

const SHOWN = 5;

/** The newest cases of each waiting status with their counts, one call per status (the list filters by one). */
export function useWaitingSupportCases(accountId: number) {
  return useQueries({
    queries: WAITING_FOR_CUSTOMER.map((status) => ({
      queryKey: ['dashboard', accountId, 'support-waiting', status],
      // The widget shows its own error state instead of a toast.
      meta: { handlesErrors: true },
      queryFn: (): Promise<TListSupportCasesResponse> =>
        unwrap(
          api.GET('/api/support/cases', {
            params: {
              query: {
                status,
                sort: 'updated',
                order: 'desc',
                page: 1,
                pageSize: SHOWN,
                activeAccountId: String(accountId),
              },
            },
          }),
        ),
    })),
    combine: (results) => ({
      isPending: results.some((r) => r.isPending),
      isError: results.some((r) => r.isError),
      refetch: () => Promise.all(results.map((r) => r.refetch())),
      lists: results.every((r) => r.data)
        ? WAITING_FOR_CUSTOMER.map((status, i) => ({ status, list: results[i]!.data! }))
        : undefined,
    }),
  });
}
