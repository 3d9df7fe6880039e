import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSetAccountPermissionsRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { userAdminKeys } from './keys';

export function useSetAccountPermissions(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ customerId, ...body }: TSetAccountPermissionsRequest & { customerId: number }) =>
      unwrap(
        api.PUT('/api/customers/{customerId}/users/{userId}/permissions', {
          params: { path: { customerId: String(customerId), userId } },
          body,
        }),
      ),
    onSuccess: (user, { customerId }) => {
      queryClient.setQueryData(userAdminKeys.user(userId), user);
      return queryClient.invalidateQueries({ queryKey: userAdminKeys.customerUsers(customerId) });
    },
  });
}
