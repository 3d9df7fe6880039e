import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

export const statusNoticesKey = ['status-notices'] as const;

/** Open incidents and maintenance, and those closed in the last 90 days (provider administrators). */
export const listStatusNoticesQueryOptions = () =>
  queryOptions({
    queryKey: statusNoticesKey,
    queryFn: () => unwrap(api.GET('/api/status-notices')),
  });

export const useStatusNotices = () => useQuery(listStatusNoticesQueryOptions());
