import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReplayFailedWebhookDeliveriesRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { webhooksKeys } from './webhooks-keys';

/** Sends the failed deliveries of a time range again (at most 1000 per call). */
export function useReplayFailedWebhookDeliveries(accountId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TReplayFailedWebhookDeliveriesRequest) =>
      unwrap(
        api.POST('/api/webhooks/deliveries/replay-failed', {
          params: { query: { activeAccountId: String(accountId) } },
          body,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.deliveries(accountId) }),
    meta: { handlesErrors: true },
  });
}
