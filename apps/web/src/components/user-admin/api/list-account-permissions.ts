import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

export const listAccountPermissionsQueryOptions = (customerId: number) =>
  queryOptions({
    queryKey: ['user-admin', 'account-permissions', customerId],
    queryFn: () =>
      unwrap(api.GET('/api/customers/{id}/permissions', { params: { path: { id: String(customerId) } } })),
  });

export const useAccountPermissions = (customerId: number) =>
  useQuery(listAccountPermissionsQueryOptions(customerId));
