import { useMutation } from '@tanstack/react-query';
import type { TRevokeUserForCustomerRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

/** Removes a user's access to one customer account. */
export function useRevokeAccess() {
  return useMutation({
    mutationFn: ({ userID, customerID }: TRevokeUserForCustomerRequest) =>
      unwrap(
        api.DELETE('/api/legacy/customers/user/revokeUserForCustomer', {
          params: { query: { userID, customerID: String(customerID) } },
        }),
      ),
  });
}
