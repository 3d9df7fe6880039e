import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateCustomerMfaRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { getCustomerQueryOptions } from './get-customer';

export function useUpdateCustomerMfa(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateCustomerMfaRequest) =>
      unwrap(api.PUT('/api/customers/{id}/mfa', { params: { path: { id: String(customerId) } }, body })),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getCustomerQueryOptions(customerId).queryKey }),
  });
}
