import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

export const scimSettingsKey = (customerId: number) => ['scim-settings', customerId] as const;

/** Whether the account's provisioning is on, the base URL for the directory, and its tokens. */
export const scimSettingsQueryOptions = (customerId: number) =>
  queryOptions({
    queryKey: scimSettingsKey(customerId),
    queryFn: () =>
      unwrap(api.GET('/api/customers/{id}/scim', { params: { path: { id: String(customerId) } } })),
  });

export const useScimSettings = (customerId: number) => useQuery(scimSettingsQueryOptions(customerId));
