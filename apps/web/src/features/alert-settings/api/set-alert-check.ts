import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSetAlertCheckRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { alertSettingsKey } from './get-alert-settings';

/** Switches one of the other checks (missing files, failed EDI messages, failed reports) on or off. */
export function useSetAlertCheck(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSetAlertCheckRequest) =>
      unwrap(
        api.PUT('/api/alert-checks', { params: { query: { activeAccountId: String(accountId) } }, body }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertSettingsKey(accountId) }),
  });
}
