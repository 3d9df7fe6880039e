import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { TNotification, TListNotificationsResponse } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

export const notificationsQueryKey = ['notifications'] as const;

export const getNotificationsQueryOptions = () =>
  queryOptions({ queryKey: notificationsQueryKey, queryFn: () => unwrap(api.GET('/api/notifications')) });

export function useNotifications() {
  return useQuery(getNotificationsQueryOptions());
}

/** Adds a pushed notification to the lists, replacing one with the same id (spec 4). */
export function receiveNotification(queryClient: QueryClient, notification: TNotification) {
  // A list request under way may have been answered before this notification existed, and its
  // answer would replace the list below: ask again instead (this cancels the request under way).
  const listLoading = queryClient.isFetching({ queryKey: notificationsQueryKey }) > 0;
  queryClient.setQueryData<TListNotificationsResponse>(notificationsQueryKey, (current) => {
    const others = (current?.notifications ?? []).filter((n) => n.id !== notification.id);
    const notifications = [notification, ...others];
    return { notifications, newCount: notifications.filter((n) => n.isNew).length };
  });
  if (listLoading) void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
}
