import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { userAdminKeys } from './keys';

export const listInvitationsQueryOptions = (customerId: number) =>
  queryOptions({
    queryKey: userAdminKeys.invitations(customerId),
    queryFn: () =>
      unwrap(api.GET('/api/customers/{id}/invitations', { params: { path: { id: String(customerId) } } })),
  });

export const useInvitations = (customerId: number) => useQuery(listInvitationsQueryOptions(customerId));

export function useResendInvitation(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      unwrap(
        api.POST('/api/customers/{id}/invitations/{invitationId}/resend', {
          params: { path: { id: String(customerId), invitationId } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userAdminKeys.invitations(customerId) }),
  });
}

export function useWithdrawInvitation(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      unwrap(
        api.DELETE('/api/customers/{id}/invitations/{invitationId}', {
          params: { path: { id: String(customerId), invitationId } },
        }),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userAdminKeys.invitations(customerId) }),
        queryClient.invalidateQueries({ queryKey: userAdminKeys.customerUsers(customerId) }),
      ]),
  });
}
