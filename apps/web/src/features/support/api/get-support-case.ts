import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import type { SupportScope } from './support-scope';

export const getSupportCaseQueryOptions = (scope: SupportScope, caseId: number) =>
  queryOptions({
    queryKey: ['support', 'case', caseId, scope.isProvider ? 'provider' : scope.accountId],
    queryFn: () =>
      scope.isProvider
        ? unwrap(
            api.GET('/api/support/provider/cases/{caseId}', { params: { path: { caseId: String(caseId) } } }),
          )
        : unwrap(
            api.GET('/api/support/cases/{caseId}', {
              params: {
                path: { caseId: String(caseId) },
                query: { activeAccountId: String(scope.accountId) },
              },
            }),
          ),
    meta: { handlesErrors: true },
  });

export const useSupportCase = (scope: SupportScope, caseId: number) =>
  useQuery({
    ...getSupportCaseQueryOptions(scope, caseId),
    enabled: scope.isProvider || scope.accountId !== null,
  });
