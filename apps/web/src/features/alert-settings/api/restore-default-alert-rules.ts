import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { alertSettingsKey } from './get-alert-settings';

/** Switches the default rules back on and adds any that was changed or deleted; answers the settings. */
export function useRestoreDefaultAlertRules(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/alert-rules/restore-defaults', {
          params: { query: { activeAccountId: String(accountId) } },
        }),
      ),
    onSuccess: (settings) => queryClient.setQueryData(alertSettingsKey(accountId), settings),
  });
}
