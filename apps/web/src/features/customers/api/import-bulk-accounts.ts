import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { getCustomerImportQueryOptions } from './get-customer-import';

export function useImportBulkAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountNumbers: string[]) =>
      unwrap(api.POST('/api/customer-imports', { body: { accountNumbers } })),
    onSuccess: (record) => {
      queryClient.setQueryData(getCustomerImportQueryOptions(record.id).queryKey, record);
      return queryClient.invalidateQueries({ queryKey: ['customers', 'search'] });
    },
    meta: { handlesErrors: true },
  });
}
