import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

export const useCheckBulkAccounts = () =>
  useMutation({
    mutationFn: (accountNumbers: string) =>
      unwrap(api.POST('/api/customer-imports/check', { body: { accountNumbers } })),
    meta: { handlesErrors: true },
  });
