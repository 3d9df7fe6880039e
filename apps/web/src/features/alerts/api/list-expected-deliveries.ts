import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

export const expectedDeliveriesKey = (accountId: number) => ['expected-deliveries', accountId] as const;

/** The account's expected deliveries with their last ten deadlines, and what a rule may choose from. */
export const listExpectedDeliveriesQueryOptions = (accountId: number) =>
  queryOptions({
    queryKey: expectedDeliveriesKey(accountId),
    queryFn: () =>
      unwrap(
        api.GET('/api/expected-deliveries', { params: { query: { activeAccountId: String(accountId) } } }),
      ),
    enabled: accountId > 0,
  });

export const useExpectedDeliveries = (accountId: number) =>
  useQuery(listExpectedDeliveriesQueryOptions(accountId));
