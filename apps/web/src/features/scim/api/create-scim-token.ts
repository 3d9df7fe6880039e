import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateScimTokenRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { scimSettingsKey } from './get-scim-settings';

/** A new token for the directory; the answer holds the token itself, which is never shown again. */
export function useCreateScimToken(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateScimTokenRequest) =>
      unwrap(
        api.POST('/api/customers/{id}/scim/tokens', { params: { path: { id: String(customerId) } }, body }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scimSettingsKey(customerId) }),
    meta: { handlesErrors: true },
  });
}
