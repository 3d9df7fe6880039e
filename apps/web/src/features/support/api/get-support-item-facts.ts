import { queryOptions, useQuery } from '@tanstack/react-query';
import { formatSupportItems, type TSupportItemRef } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

/** The key facts of the items a new case is about; items the user may not see are left out. */
export const getSupportItemFactsQueryOptions = (accountId: number, items: readonly TSupportItemRef[]) =>
  queryOptions({
    queryKey: ['support', 'item-facts', accountId, formatSupportItems(items)],
    queryFn: () =>
      unwrap(
        api.GET('/api/support/items', {
          params: { query: { items: formatSupportItems(items), activeAccountId: String(accountId) } },
        }),
      ),
    // The page says what it could not describe; a failure is shown there, not as a toast.
    meta: { handlesErrors: true },
  });

export const useSupportItemFacts = (accountId: number | null, items: readonly TSupportItemRef[]) =>
  useQuery({
    ...getSupportItemFactsQueryOptions(accountId ?? 0, items),
    enabled: accountId !== null && items.length > 0,
  });
