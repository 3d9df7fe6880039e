import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateCurrentUserRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { getCurrentUserQueryOptions } from '../../../lib/session/current-user';

/** POST /api/v3/user: the signed-in user's name and language. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateCurrentUserRequest) => unwrap(api.POST('/api/v3/user', { body })),
    onSuccess: (user) => queryClient.setQueryData(getCurrentUserQueryOptions().queryKey, user),
    meta: { handlesErrors: true },
  });
}
