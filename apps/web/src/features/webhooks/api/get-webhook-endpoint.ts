import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { webhooksKeys } from './webhooks-keys';

export const getWebhookEndpointQueryOptions = (accountId: number | null, endpointId: string) =>
  queryOptions({
    queryKey: webhooksKeys.endpoint(accountId, endpointId),
    queryFn: () =>
      unwrap(
        api.GET('/api/webhooks/endpoints/{endpointId}', {
          params: { path: { endpointId }, query: { activeAccountId: String(accountId) } },
        }),
      ),
    enabled: accountId !== null,
  });

export const useWebhookEndpoint = (accountId: number | null, endpointId: string) =>
  useQuery(getWebhookEndpointQueryOptions(accountId, endpointId));
