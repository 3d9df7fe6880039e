import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

export const apiKeysKey = ['api-keys'] as const;

/** Every API key of the production systems, revoked ones included (provider administrators). */
export const listApiKeysQueryOptions = () =>
  queryOptions({
    queryKey: apiKeysKey,
    queryFn: () => unwrap(api.GET('/api/ingest/api-keys')),
  });

export const useApiKeys = () => useQuery(listApiKeysQueryOptions());
