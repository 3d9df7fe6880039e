import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMoveDeploymentRequestRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

/** Provider staff move an order along its workflow. */
export function useMoveDeploymentRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: TMoveDeploymentRequestRequest }) =>
      unwrap(
        api.POST('/api/edi-connect/provider/deployment-requests/{id}/status', {
          params: { path: { id: String(id) } },
          body: change,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['edi-connect', 'requests'] }),
  });
}
