import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateApiKeyRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { apiKeysKey } from './list-api-keys';

/** Creates a key; the answer holds the key itself, which is never shown again. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateApiKeyRequest) => unwrap(api.POST('/api/ingest/api-keys', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
    meta: { handlesErrors: true },
  });
}
