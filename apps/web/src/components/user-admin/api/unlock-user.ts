import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { userAdminKeys } from './keys';

export function useUnlockUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/v3/user/{userId}/unlock', { params: { path: { userId } } })),
    onSuccess: (user) => {
      queryClient.setQueryData(userAdminKeys.user(userId), user);
      return queryClient.invalidateQueries({ queryKey: ['user-admin', 'customer-users'] });
    },
  });
}
