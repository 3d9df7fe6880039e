import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateWebhookEndpointRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { webhooksKeys } from './webhooks-keys';

/** Changes an endpoint's address, description or event types, or switches it on or off. */
export function useUpdateWebhookEndpoint(accountId: number | null, endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateWebhookEndpointRequest) =>
      unwrap(
        api.PATCH('/api/webhooks/endpoints/{endpointId}', {
          params: { path: { endpointId }, query: { activeAccountId: String(accountId) } },
          body,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.account(accountId) }),
    meta: { handlesErrors: true },
  });
}
