import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupportCaseStatus } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { getSupportCaseQueryOptions } from './get-support-case';
import type { SupportScope } from './support-scope';

export function useChangeSupportCaseStatus(scope: SupportScope, caseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: SupportCaseStatus) => {
      const path = { caseId: String(caseId) };
      return scope.isProvider
        ? unwrap(
            api.POST('/api/support/provider/cases/{caseId}/status', { params: { path }, body: { status } }),
          )
        : unwrap(
            api.POST('/api/v2/support/cases/{caseId}/status', {
              params: { path, query: { activeAccountId: String(scope.accountId) } },
              body: { status },
            }),
          );
    },
    onSuccess: (updated) => {
      queryClient.setQueryData(getSupportCaseQueryOptions(scope, caseId).queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: ['support', 'cases'] });
    },
  });
}
