import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

/** Removes a user's access to one customer account. */
export function useRevokeAccess() {
  return useMutation({
    mutationFn: ({ userId, customerId }: { userId: string; customerId: number }) =>
      unwrap(
        api.DELETE('/api/legacy/customers/user/revokeUserForCustomer', {
          params: { query: { userID: userId, customerID: String(customerId) } },
        }),
      ),
  });
}
