import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { webhooksKeys } from './webhooks-keys';

/** Deletes an endpoint with its secrets and delivery log. */
export function useDeleteWebhookEndpoint(accountId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) =>
      unwrap(
        api.DELETE('/api/webhooks/endpoints/{endpointId}', {
          params: { path: { endpointId }, query: { activeAccountId: String(accountId) } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.account(accountId) }),
  });
}
