import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInviteByEmailRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { userAdminKeys } from './keys';

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TInviteByEmailRequest) =>
      unwrap(api.POST('/api/administration/invite-email', { body })),
    onSuccess: (_answer, { customerId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userAdminKeys.invitations(customerId) }),
        queryClient.invalidateQueries({ queryKey: userAdminKeys.customerUsers(customerId) }),
      ]),
    meta: { handlesErrors: true },
  });
}
