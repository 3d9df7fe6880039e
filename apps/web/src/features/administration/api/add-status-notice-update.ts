import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAddStatusNoticeUpdateRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { statusNoticesKey } from './list-status-notices';

/** Posts an update of a notice; "resolved" or "completed" closes it. */
export function useAddStatusNoticeUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TAddStatusNoticeUpdateRequest }) =>
      unwrap(api.POST('/api/status-notices/{id}/updates', { params: { path: { id } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusNoticesKey }),
    meta: { handlesErrors: true },
  });
}
