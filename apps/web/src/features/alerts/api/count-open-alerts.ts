import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { alertsKey } from './list-alerts';

/**
 * A safety net for users who turned in-Hub alert notifications off (those who did not hear of a
 * change through the notification stream): the number is read again this often while shown.
 */
const REFRESH_MS = 5 * 60_000;

/** Under the account's alerts, so whatever refreshes the alert list refreshes the number too. */
export const openAlertCountKey = (accountId: number) => [...alertsKey(accountId), 'open-count'] as const;

/** How many of the account's alerts the user may see are open (the number beside the sidebar entry). */
export const countOpenAlertsQueryOptions = (accountId: number) =>
  queryOptions({
    queryKey: openAlertCountKey(accountId),
    queryFn: () =>
      unwrap(
        api.GET('/api/alerts/open-count', {
          params: { query: { activeAccountId: String(accountId) } },
          // Asked for with every page's frame: it must not hold back the page's own requests.
          priority: 'low',
        }),
      ),
    refetchInterval: REFRESH_MS,
    // A number beside a link: when it cannot be read, the entry simply shows none.
    meta: { handlesErrors: true },
  });

/** The open alert count, asked for only while `isShown` (the sidebar is on screen and has the entry). */
export function useOpenAlertCount(accountId: number | null, isShown: boolean): number | undefined {
  const count = useQuery({
    ...countOpenAlertsQueryOptions(accountId ?? 0),
    enabled: isShown && accountId !== null,
  });
  return count.data?.open;
}
