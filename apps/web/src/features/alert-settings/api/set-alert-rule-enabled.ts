import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { alertSettingsKey } from './get-alert-settings';

/** Switches a threshold rule on or off (off resolves its open alert). */
export function useSetAlertRuleEnabled(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      unwrap(
        api.PUT('/api/alert-rules/{id}/enabled', {
          params: { path: { id }, query: { activeAccountId: String(accountId) } },
          body: { enabled },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertSettingsKey(accountId) }),
  });
}
