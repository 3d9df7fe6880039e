import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

export const alertPreferencesKey = (accountId: number) => ['alert-preferences', accountId] as const;

/** Where the signed-in user hears of the account's alerts (no choice yet: in the Hub, no e-mail). */
export const getAlertPreferencesQueryOptions = (accountId: number) =>
  queryOptions({
    queryKey: alertPreferencesKey(accountId),
    queryFn: () =>
      unwrap(
        api.GET('/api/alert-preferences', { params: { query: { activeAccountId: String(accountId) } } }),
      ),
  });

export const useAlertPreferences = (accountId: number) =>
  useQuery(getAlertPreferencesQueryOptions(accountId));
