import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

export const listServicesQueryOptions = () =>
  queryOptions({ queryKey: ['services'], queryFn: () => unwrap(api.GET('/api/services')) });

export const useServices = () => useQuery(listServicesQueryOptions());
