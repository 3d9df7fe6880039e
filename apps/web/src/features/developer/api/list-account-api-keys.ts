import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

export const accountApiKeysKey = (customerId: number) => ['account-api-keys', customerId] as const;

/** The account's API keys, revoked ones included (its administrators and provider administrators). */
export const listAccountApiKeysQueryOptions = (customerId: number) =>
  queryOptions({
    queryKey: accountApiKeysKey(customerId),
    queryFn: () =>
      unwrap(api.GET('/api/customers/{id}/api-keys', { params: { path: { id: String(customerId) } } })),
  });

export const useAccountApiKeys = (customerId: number) => useQuery(listAccountApiKeysQueryOptions(customerId));
