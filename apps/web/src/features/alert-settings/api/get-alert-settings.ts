import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

export const alertSettingsKey = (accountId: number) => ['alert-settings', accountId] as const;

/** The account's threshold rules and the switches of its other checks (its administrators). */
export const getAlertSettingsQueryOptions = (accountId: number) =>
  queryOptions({
    queryKey: alertSettingsKey(accountId),
    queryFn: () =>
      unwrap(api.GET('/api/alert-settings', { params: { query: { activeAccountId: String(accountId) } } })),
  });

export const useAlertSettings = (accountId: number) => useQuery(getAlertSettingsQueryOptions(accountId));
