import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { webhooksKeys } from './webhooks-keys';

/** Sends one delivery again with its webhook-id. */
export function useReplayWebhookDelivery(accountId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      unwrap(
        api.POST('/api/webhooks/deliveries/{deliveryId}/replay', {
          params: { path: { deliveryId }, query: { activeAccountId: String(accountId) } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.deliveries(accountId) }),
  });
}
