import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDeclineAccessRequestRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { accessRequestKeys } from './keys';

/** Declines a request of the account with a reason the person reads. */
export function useDeclineAccessRequest(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TDeclineAccessRequestRequest }) =>
      unwrap(
        api.POST('/api/account-access-requests/{id}/decline', {
          params: { path: { id }, query: { activeAccountId: String(customerId) } },
          body,
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessRequestKeys.account(customerId) }),
    meta: { handlesErrors: true },
  });
}
