import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRequestReportRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { reportsKey } from './list-reports';

export function useRequestReport(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TRequestReportRequest) =>
      unwrap(api.POST('/api/reports', { params: { query: { activeAccountId: String(accountId) } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKey(accountId) }),
    // The form shows validation errors and the too-large refusal itself.
    meta: { handlesErrors: true },
  });
}
