import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { scimSettingsKey } from './get-scim-settings';

/** A new token in place of one; the old one keeps working for `overlapHours`. */
export function useRotateScimToken(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tokenId, overlapHours }: { tokenId: string; overlapHours: number }) =>
      unwrap(
        api.POST('/api/customers/{id}/scim/tokens/{tokenId}/rotate', {
          params: { path: { id: String(customerId), tokenId } },
          body: { overlapHours },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scimSettingsKey(customerId) }),
    meta: { handlesErrors: true },
  });
}
