import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateAccountApiKeyRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { accountApiKeysKey } from './list-account-api-keys';

/** Creates a key for the account; the answer holds the key itself, which is never shown again. */
export function useCreateAccountApiKey(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateAccountApiKeyRequest) =>
      unwrap(
        api.POST('/api/customers/{id}/api-keys', { params: { path: { id: String(customerId) } }, body }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountApiKeysKey(customerId) }),
    meta: { handlesErrors: true },
  });
}
