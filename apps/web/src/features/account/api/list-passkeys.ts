import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

/** GET /api/v3/passkeys: the signed-in user's passkeys, oldest first. */
export const listPasskeysQueryOptions = () =>
  queryOptions({
    queryKey: ['current-user', 'passkeys'],
    queryFn: () => unwrap(api.GET('/api/v3/passkeys')),
  });

export const usePasskeys = () => useQuery(listPasskeysQueryOptions());
