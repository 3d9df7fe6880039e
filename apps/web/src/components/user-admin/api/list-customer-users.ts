import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { userAdminKeys } from './keys';

export const listCustomerUsersQueryOptions = (customerId: number) =>
  queryOptions({
    queryKey: userAdminKeys.customerUsers(customerId),
    queryFn: () =>
      unwrap(api.GET('/api/customers/{id}/users', { params: { path: { id: String(customerId) } } })),
  });

export const useCustomerUsers = (customerId: number) => useQuery(listCustomerUsersQueryOptions(customerId));
