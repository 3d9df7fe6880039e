import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateCustomerRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { getCustomerQueryOptions } from './get-customer';

export function useUpdateCustomer(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateCustomerRequest) =>
      unwrap(api.PUT('/api/customers/{id}', { params: { path: { id: String(customerId) } }, body })),
    onSuccess: (customer) => {
      queryClient.setQueryData(getCustomerQueryOptions(customerId).queryKey, customer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['customers', 'search'] }),
        queryClient.invalidateQueries({ queryKey: ['customers', customerId, 'audit'] }),
      ]);
    },
    meta: { handlesErrors: true },
  });
}
