import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateUserRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { userAdminKeys } from './keys';

export function useUpdateUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateUserRequest) =>
      unwrap(api.PUT('/api/v3/user/{userId}', { params: { path: { userId } }, body })),
    onSuccess: (user) => {
      queryClient.setQueryData(userAdminKeys.user(userId), user);
      return queryClient.invalidateQueries({ queryKey: ['user-admin', 'customer-users'] });
    },
    meta: { handlesErrors: true },
  });
}
