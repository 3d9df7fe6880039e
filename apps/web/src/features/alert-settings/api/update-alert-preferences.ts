import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateAlertPreferencesRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { alertPreferencesKey } from './get-alert-preferences';

/** Saves the signed-in user's own choices for the account (nobody sets another user's). */
export function useUpdateAlertPreferences(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateAlertPreferencesRequest) =>
      unwrap(
        api.PUT('/api/alert-preferences', {
          params: { query: { activeAccountId: String(accountId) } },
          body,
        }),
      ),
    onSuccess: (saved) => queryClient.setQueryData(alertPreferencesKey(accountId), saved),
  });
}
