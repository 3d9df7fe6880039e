import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAcknowledgeAlertRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { alertsKey } from './list-alerts';

/** Acknowledges an open alert with a comment; the alert stays open until it is resolved. */
export function useAcknowledgeAlert(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TAcknowledgeAlertRequest }) =>
      unwrap(
        api.POST('/api/alerts/{id}/acknowledge', {
          params: { path: { id }, query: { activeAccountId: String(accountId) } },
          body,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsKey(accountId) }),
    meta: { handlesErrors: true },
  });
}
