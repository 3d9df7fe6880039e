import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TListAlertsRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { toQuery } from '../../../lib/api/query';

export const alertsKey = (accountId: number) => ['alerts', accountId] as const;

/** The account's alerts the user may see, newest first, as the page's address filters them. */
export const listAlertsQueryOptions = (accountId: number, request: TListAlertsRequest) =>
  queryOptions({
    queryKey: [...alertsKey(accountId), request],
    queryFn: () =>
      unwrap(
        api.GET('/api/alerts', {
          params: { query: { ...toQuery(request), activeAccountId: String(accountId) } },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled: accountId > 0,
  });

export const useAlerts = (accountId: number, request: TListAlertsRequest) =>
  useQuery(listAlertsQueryOptions(accountId, request));
