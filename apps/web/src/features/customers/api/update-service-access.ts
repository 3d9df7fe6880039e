import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateServiceAccessRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { getCustomerQueryOptions } from './get-customer';
import { getServiceAccessQueryOptions } from './get-service-access';

export function useUpdateServiceAccess(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateServiceAccessRequest) =>
      unwrap(
        api.PUT('/api/customers/{id}/service-access', { params: { path: { id: String(customerId) } }, body }),
      ),
    onSuccess: (access) => {
      queryClient.setQueryData(getServiceAccessQueryOptions(customerId).queryKey, access);
      return Promise.all([
        queryClient.invalidateQueries({
          queryKey: getCustomerQueryOptions(customerId).queryKey,
          exact: true,
        }),
        queryClient.invalidateQueries({ queryKey: ['customers', customerId, 'audit'] }),
      ]);
    },
  });
}
