import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { scimSettingsKey } from './get-scim-settings';

/** Revokes a token at once; it stays in the list as revoked. */
export function useRevokeScimToken(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) =>
      unwrap(
        api.DELETE('/api/customers/{id}/scim/tokens/{tokenId}', {
          params: { path: { id: String(customerId), tokenId } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scimSettingsKey(customerId) }),
  });
}
