import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateAccessRequestRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { getCurrentUserQueryOptions } from '../../../lib/session/current-user';
import { accessRequestKeys } from './keys';

/** Asks for an account by its number; a verified domain may approve it at once (then the user has it). */
export function useCreateAccessRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateAccessRequestRequest) => unwrap(api.POST('/api/access-requests', { body })),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: accessRequestKeys.mine() });
      if (created.status === 'approved')
        await queryClient.invalidateQueries({ queryKey: getCurrentUserQueryOptions().queryKey });
    },
    meta: { handlesErrors: true },
  });
}
