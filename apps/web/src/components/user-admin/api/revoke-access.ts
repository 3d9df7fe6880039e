import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { userAdminKeys } from './keys';

/** Takes a user's access to one account away, with their permissions there. */
export function useRevokeAccess(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (customerId: number) =>
      unwrap(
        api.DELETE('/api/legacy/customers/user/revokeUserForCustomer', {
          params: { query: { userID: userId, customerID: String(customerId) } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userAdminKeys.all }),
  });
}
