import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import type { AlertRuleBody } from './create-alert-rule';
import { alertSettingsKey } from './get-alert-settings';

/** Changes a threshold rule (the server resolves its open alert); the dialog shows field errors. */
export function useUpdateAlertRule(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: AlertRuleBody & { id: string }) =>
      unwrap(
        api.PUT('/api/alert-rules/{id}', {
          params: { path: { id }, query: { activeAccountId: String(accountId) } },
          body,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertSettingsKey(accountId) }),
    meta: { handlesErrors: true },
  });
}
