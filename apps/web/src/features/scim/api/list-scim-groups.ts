import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

export const scimGroupsKey = (customerId: number) => ['scim-groups', customerId] as const;

/** The directory's groups with their grants, and the accounts the administrator may map them to. */
export const scimGroupsQueryOptions = (customerId: number) =>
  queryOptions({
    queryKey: scimGroupsKey(customerId),
    queryFn: () =>
      unwrap(api.GET('/api/customers/{id}/scim/groups', { params: { path: { id: String(customerId) } } })),
  });

export const useScimGroups = (customerId: number) => useQuery(scimGroupsQueryOptions(customerId));
