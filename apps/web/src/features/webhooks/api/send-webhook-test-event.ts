import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { webhooksKeys } from './webhooks-keys';

/** Queues a `webhook.test` delivery to the endpoint. */
export function useSendWebhookTestEvent(accountId: number | null, endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/webhooks/endpoints/{endpointId}/test', {
          params: { path: { endpointId }, query: { activeAccountId: String(accountId) } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.deliveries(accountId) }),
  });
}
