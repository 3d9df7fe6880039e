import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TSearchUsersRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

export type UserSearch = Pick<TSearchUsersRequest, 'q' | 'first' | 'max'>;

/** All users matching the text, a page at a time; the total comes in the X-Total-Count header. */
export const searchUsersQueryOptions = (search: UserSearch) =>
  queryOptions({
    queryKey: ['user-admin', 'search', search],
    queryFn: async () => {
      const call = api.GET('/api/v3/users/search', { params: { query: search } });
      const users = await unwrap(call);
      const total = Number((await call).response.headers.get('x-total-count') ?? users.length);
      return { users, total };
    },
    placeholderData: keepPreviousData,
  });

export const useUserSearch = (search: UserSearch) => useQuery(searchUsersQueryOptions(search));
