import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRenamePasskeyRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { listPasskeysQueryOptions } from './list-passkeys';

/** PATCH /api/v3/passkeys/{passkeyId}: a new name for one of the user's passkeys. */
export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ passkeyId, ...body }: TRenamePasskeyRequest & { passkeyId: string }) =>
      unwrap(api.PATCH('/api/v3/passkeys/{passkeyId}', { params: { path: { passkeyId } }, body })),
    onSuccess: () => queryClient.invalidateQueries(listPasskeysQueryOptions()),
  });
}
