import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApproveAccessRequestRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { accessRequestKeys } from './keys';

/** Approves a request of the account with a role and permissions. */
export function useApproveAccessRequest(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TApproveAccessRequestRequest }) =>
      unwrap(
        api.POST('/api/account-access-requests/{id}/approve', {
          params: { path: { id }, query: { activeAccountId: String(customerId) } },
          body,
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessRequestKeys.account(customerId) }),
    meta: { handlesErrors: true },
  });
}
