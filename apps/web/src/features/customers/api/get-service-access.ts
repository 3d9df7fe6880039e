import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

export const getServiceAccessQueryOptions = (customerId: number) =>
  queryOptions({
    queryKey: ['customers', customerId, 'service-access'],
    queryFn: () =>
      unwrap(api.GET('/api/customers/{id}/service-access', { params: { path: { id: String(customerId) } } })),
  });

export const useServiceAccess = (customerId: number) => useQuery(getServiceAccessQueryOptions(customerId));
