import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

/** How often the frame asks again whether an incident is open (the server recomputes every 15 s). */
const REFETCH_SECONDS = 60;

/**
 * The public status (GET /api/status: cheap, cached by the server), for the frame's banner. Its
 * failure is no one's concern here: the banner then simply does not show.
 */
export const getPublicStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['public-status'],
    queryFn: () => unwrap(api.GET('/api/status')),
    refetchInterval: REFETCH_SECONDS * 1000,
    staleTime: 15_000,
    retry: false,
    meta: { handlesErrors: true },
  });

export const usePublicStatus = () => useQuery(getPublicStatusQueryOptions());
