import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { openAlertCountKey, useOpenAlertCount } from '../features/alerts/api/count-open-alerts';
import { useNotifications } from '../features/notifications/api/list-notifications';
import type { SidebarItem } from '../features/shell/sidebar-items';

const isAlertNotification = (type: string) => type === 'alertRaised' || type === 'alertResolved';

/**
 * The numbers beside sidebar entries: the active account's open alerts beside Alerts. Asked for
 * only while the sidebar is on screen with that entry (never for users without it, never behind a
 * closed phone menu), read again when the bell's live stream brings an alert of the account.
 */
export function useSidebarCounts(
  items: readonly SidebarItem[],
  accountId: number | null,
  isSidebarShown: boolean,
): Partial<Record<string, number>> {
  const showsAlerts = isSidebarShown && items.some((item) => item.id === 'alerts');
  const openAlerts = useOpenAlertCount(accountId, showsAlerts);
  useRefreshOnAlertNotifications(accountId);
  return { alerts: openAlerts };
}

/**
 * The bell's list (the same query, so no request of its own) gains an alert notification of the
 * account when the stream pushes one: the open count is then out of date. The first list only
 * records what was there, so loading the page does not read the count twice.
 */
function useRefreshOnAlertNotifications(accountId: number | null) {
  const queryClient = useQueryClient();
  const { data } = useNotifications();
  // undefined until the list has loaded; then the newest alert notification of the account, or null.
  const seen = useRef<number | null | undefined>(undefined);
  const newest = data
    ? (data.notifications.find(
        (n) => isAlertNotification(n.type) && Number(n.payload.customerId) === accountId,
      )?.id ?? null)
    : undefined;
  useEffect(() => {
    if (newest === undefined) return;
    const before = seen.current;
    seen.current = newest;
    if (before !== undefined && newest !== before && accountId !== null)
      void queryClient.invalidateQueries({ queryKey: openAlertCountKey(accountId) });
  }, [newest, accountId, queryClient]);
}
