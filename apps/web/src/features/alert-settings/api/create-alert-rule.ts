import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZCreateAlertRuleRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { alertSettingsKey } from './get-alert-settings';

/** The rule as the contract checked it in the browser, its defaults filled in (as the API names it). */
export type AlertRuleBody = z.output<typeof ZCreateAlertRuleRequest>;

/** Adds a threshold rule; the dialog shows the server's field errors itself. */
export function useCreateAlertRule(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertRuleBody) =>
      unwrap(
        api.POST('/api/alert-rules', { params: { query: { activeAccountId: String(accountId) } }, body }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertSettingsKey(accountId) }),
    meta: { handlesErrors: true },
  });
}
