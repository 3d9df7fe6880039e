import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateCustomerRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { getCustomerQueryOptions } from './get-customer';

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateCustomerRequest) => unwrap(api.POST('/api/customers', { body })),
    onSuccess: (customer) => {
      queryClient.setQueryData(getCustomerQueryOptions(customer.id).queryKey, customer);
      return queryClient.invalidateQueries({ queryKey: ['customers', 'search'] });
    },
    meta: { handlesErrors: true },
  });
}
