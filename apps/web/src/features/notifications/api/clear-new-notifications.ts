import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TListNotificationsResponse } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { notificationsQueryKey } from './list-notifications';

/** POST /api/notifications/clear-new: every notification counts as seen. */
export function useClearNewNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/notifications/clear-new')),
    onSuccess: () => {
      queryClient.setQueryData<TListNotificationsResponse>(
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
