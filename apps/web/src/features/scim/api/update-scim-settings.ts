import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateScimSettingsRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { scimSettingsKey } from './get-scim-settings';

/** Switches provisioning on or off; off refuses every token of the account at once. */
export function useUpdateScimSettings(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateScimSettingsRequest) =>
      unwrap(api.PUT('/api/customers/{id}/scim', { params: { path: { id: String(customerId) } }, body })),
    onSuccess: (settings) => queryClient.setQueryData(scimSettingsKey(customerId), settings),
  });
}
