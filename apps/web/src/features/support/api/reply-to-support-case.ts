import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReplyToSupportCaseRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { getSupportCaseQueryOptions } from './get-support-case';
import { withFiles } from './message-form-data';
import type { SupportScope } from './support-scope';

export function useReplyToSupportCase(scope: SupportScope, caseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files, ...fields }: TReplyToSupportCaseRequest & { files: File[] }) => {
      const options = {
        body: fields,
        bodySerializer: withFiles(files),
      };
      const path = { caseId: String(caseId) };
      return scope.isProvider
        ? unwrap(api.POST('/api/support/provider/cases/{caseId}/reply', { ...options, params: { path } }))
        : unwrap(
            api.POST('/api/v2/support/cases/{caseId}/reply', {
              ...options,
              params: { path, query: { activeAccountId: String(scope.accountId) } },
            }),
          );
    },
    onSuccess: (updated) => {
      queryClient.setQueryData(getSupportCaseQueryOptions(scope, caseId).queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: ['support', 'cases'] });
    },
    meta: { handlesErrors: true },
  });
}
