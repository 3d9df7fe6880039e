import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { userAdminKeys } from './keys';

export const getManagedUserQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: userAdminKeys.user(userId),
    queryFn: () => unwrap(api.GET('/api/v3/user/{userId}', { params: { path: { userId } } })),
    meta: { handlesErrors: true },
  });

export const useManagedUser = (userId: string) => useQuery(getManagedUserQueryOptions(userId));
