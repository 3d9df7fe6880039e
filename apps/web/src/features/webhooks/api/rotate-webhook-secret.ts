import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { webhooksKeys } from './webhooks-keys';

/** A new signing secret (in the answer only); the old one signs on for `overlapHours`. */
export function useRotateWebhookSecret(accountId: number | null, endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (overlapHours: number) =>
      unwrap(
        api.POST('/api/webhooks/endpoints/{endpointId}/rotate-secret', {
          params: { path: { endpointId }, query: { activeAccountId: String(accountId) } },
          body: { overlapHours },
        }),
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: webhooksKeys.endpoint(accountId, endpointId) }),
  });
}
