import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { alertSettingsKey } from './get-alert-settings';

/** Deletes a threshold rule (a default one comes back with "restore defaults"). */
export function useDeleteAlertRule(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(
        api.DELETE('/api/alert-rules/{id}', {
          params: { path: { id }, query: { activeAccountId: String(accountId) } },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertSettingsKey(accountId) }),
  });
}
