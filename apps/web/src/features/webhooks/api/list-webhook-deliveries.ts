import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TListWebhookDeliveriesRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { toQuery } from '../../../lib/api/query';
import { webhooksKeys } from './webhooks-keys';

/** While a delivery still waits for an attempt, the log looks again this often. */
const REFRESH_WHILE_PENDING_MS = 3000;

export const listWebhookDeliveriesQueryOptions = (
  accountId: number | null,
  request: TListWebhookDeliveriesRequest,
) =>
  queryOptions({
    queryKey: [...webhooksKeys.deliveries(accountId), request],
    queryFn: () =>
      unwrap(
        api.GET('/api/webhooks/deliveries', {
          params: { query: { ...toQuery(request), activeAccountId: String(accountId) } },
        }),
      ),
    enabled: accountId !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.result.some((d) => d.state === 'pending') ? REFRESH_WHILE_PENDING_MS : false,
  });

/** A page of the account's delivery log, newest first. */
export const useWebhookDeliveries = (accountId: number | null, request: TListWebhookDeliveriesRequest) =>
  useQuery(listWebhookDeliveriesQueryOptions(accountId, request));
