import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { userAdminKeys } from './keys';

export function useDeleteUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/v2/users/{userId}', { params: { path: { userId } } })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: userAdminKeys.user(userId) });
      return queryClient.invalidateQueries({ queryKey: userAdminKeys.all });
    },
    meta: { handlesErrors: true },
  });
}
