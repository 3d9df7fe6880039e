import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TGetTrackingOverviewResponse } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { userTimeZone } from '../../../lib/list-state/list-state';

/**
 * The track-and-trace overview's default range (the last 30 days in the user's time zone): the
 * summary and the documents needing attention read the same answer, so it is fetched once.
 */
export const trackingSummaryQueryOptions = (accountId: number, timeZone = userTimeZone()) =>
  queryOptions({
    queryKey: ['dashboard', accountId, 'tracking-summary', timeZone],
    // The widget shows its own error state instead of a toast.
    meta: { handlesErrors: true },
    queryFn: (): Promise<TGetTrackingOverviewResponse> =>
      unwrap(
        api.GET('/api/tracking/stt/overview', {
          params: { query: { timeZone, activeAccountId: String(accountId) } },
        }),
      ),
  });

export const useTrackingSummary = (accountId: number) => useQuery(trackingSummaryQueryOptions(accountId));
