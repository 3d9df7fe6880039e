import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateDeploymentRequestRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

export function useCreateDeploymentRequest(accountId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateDeploymentRequestRequest) =>
      unwrap(
        api.POST('/api/edi-connect/deployment-requests', {
          params: { query: { activeAccountId: String(accountId) } },
          body,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['edi-connect', 'requests'] }),
    meta: { handlesErrors: true },
  });
}
