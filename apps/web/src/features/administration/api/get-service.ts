import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

export const getServiceQueryOptions = (serviceId: number) =>
  queryOptions({
    queryKey: ['services', serviceId],
    queryFn: () => unwrap(api.GET('/api/services/{serviceId}', { params: { path: { serviceId } } })),
    meta: { handlesErrors: true },
  });

export const useService = (serviceId: number) => useQuery(getServiceQueryOptions(serviceId));
