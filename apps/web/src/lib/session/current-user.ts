import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';

export function getCurrentUser() {
  return unwrap(api.GET('/api/v3/user'));
}

export const getCurrentUserQueryOptions = () =>
  queryOptions({ queryKey: ['current-user'], queryFn: getCurrentUser, meta: { handlesErrors: true } });

export function useCurrentUser() {
  return useQuery(getCurrentUserQueryOptions());
}
