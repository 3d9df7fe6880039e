import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateWebhookEndpointRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { webhooksKeys } from './webhooks-keys';

/** Registers an endpoint; the answer holds its signing secret, which is never shown again. */
export function useCreateWebhookEndpoint(accountId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateWebhookEndpointRequest) =>
      unwrap(
        api.POST('/api/webhooks/endpoints', {
          params: { query: { activeAccountId: String(accountId) } },
          body,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.endpoints(accountId) }),
    meta: { handlesErrors: true },
  });
}
