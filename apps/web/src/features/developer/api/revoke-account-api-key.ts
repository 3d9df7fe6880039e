import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { accountApiKeysKey } from './list-account-api-keys';

/** Revokes one of the account's keys at once; it stays in the list as revoked. */
export function useRevokeAccountApiKey(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) =>
      unwrap(
        api.DELETE('/api/customers/{id}/api-keys/{keyId}', {
          params: { path: { id: String(customerId), keyId } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountApiKeysKey(customerId) }),
  });
}
