import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TNotification, TNotificationList } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

export const notificationsQueryKey = ['notifications'] as const;

export const getNotificationsQueryOptions = () =>
  queryOptions({ queryKey: notificationsQueryKey, queryFn: () => unwrap(api.GET('/api/notifications')) });

export function useNotifications() {
  return useQuery(getNotificationsQueryOptions());
}

/** Adds a pushed notification to the lists, replacing one with the same id (spec 4). */
export function receiveNotification(queryClient: QueryClient, notification: TNotification) {
  queryClient.setQueryData<TNotificationList>(notificationsQueryKey, (current) => {
    const others = (current?.notifications ?? []).filter((n) => n.id !== notification.id);
    const notifications = [notification, ...others];
    return { notifications, newCount: notifications.filter((n) => n.isNew).length };
  });
}

export function useClearNewNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/notifications/clear-new')),
    onSuccess: () => {
      queryClient.setQueryData<TNotificationList>(
        notificationsQueryKey,
        (current) =>
          current && {
            newCount: 0,
            notifications: current.notifications.map((n) => ({ ...n, isNew: false })),
          },
      );
    },
  });
}
