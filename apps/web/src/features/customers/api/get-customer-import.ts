import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

/** An import's progress; polled every second until it has finished. */
export const getCustomerImportQueryOptions = (importId: string) =>
  queryOptions({
    queryKey: ['customer-imports', importId],
    queryFn: () => unwrap(api.GET('/api/customer-imports/{importId}', { params: { path: { importId } } })),
    refetchInterval: (query) =>
      query.state.data && (query.state.data.status === 'queued' || query.state.data.status === 'running')
        ? 1000
        : false,
  });

export const useCustomerImport = (importId: string | undefined) =>
  useQuery({ ...getCustomerImportQueryOptions(importId ?? ''), enabled: importId !== undefined });
