import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { listPasskeysQueryOptions } from './list-passkeys';

/** DELETE /api/v3/passkeys/{passkeyId}. */
export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (passkeyId: string) =>
      unwrap(api.DELETE('/api/v3/passkeys/{passkeyId}', { params: { path: { passkeyId } } })),
    onSuccess: () => queryClient.invalidateQueries(listPasskeysQueryOptions()),
  });
}
