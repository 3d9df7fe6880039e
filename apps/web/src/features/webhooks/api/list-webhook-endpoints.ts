import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { webhooksKeys } from './webhooks-keys';

export const listWebhookEndpointsQueryOptions = (accountId: number | null) =>
  queryOptions({
    queryKey: webhooksKeys.endpoints(accountId),
    queryFn: () =>
      unwrap(
        api.GET('/api/webhooks/endpoints', { params: { query: { activeAccountId: String(accountId) } } }),
      ),
    enabled: accountId !== null,
  });

/** The active account's endpoints (never their secrets). */
export const useWebhookEndpoints = (accountId: number | null) =>
  useQuery(listWebhookEndpointsQueryOptions(accountId));
