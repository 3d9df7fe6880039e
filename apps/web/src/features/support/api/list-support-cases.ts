import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TListSupportCasesRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import type { SupportScope } from './support-scope';

export type CaseListFilters = Omit<TListSupportCasesRequest, 'subject'> & {
  /** Empty: no subject filter. */
  subject: string;
  /** Provider staff: every customer, or only the active account. */
  allCustomers: boolean;
};

export const listSupportCasesQueryOptions = (scope: SupportScope, filters: CaseListFilters) => {
  const query = {
    status: filters.status,
    sort: filters.sort,
    order: filters.order,
    page: filters.page,
    pageSize: filters.pageSize,
    ...(filters.subject ? { subject: filters.subject } : {}),
  };
  const narrowTo = filters.allCustomers ? undefined : (scope.accountId ?? undefined);
  return queryOptions({
    queryKey: ['support', 'cases', scope.isProvider ? 'provider' : scope.accountId, narrowTo, query],
    queryFn: () =>
      scope.isProvider
        ? unwrap(
            api.GET('/api/support/provider/cases', {
              params: { query: { ...query, ...(narrowTo ? { customerId: String(narrowTo) } : {}) } },
            }),
          )
        : unwrap(
            api.GET('/api/support/cases', {
              params: { query: { ...query, activeAccountId: String(scope.accountId) } },
            }),
          ),
    placeholderData: keepPreviousData,
  });
};

export const useSupportCases = (scope: SupportScope, filters: CaseListFilters) =>
  useQuery({
    ...listSupportCasesQueryOptions(scope, filters),
    enabled: scope.isProvider || scope.accountId !== null,
  });
