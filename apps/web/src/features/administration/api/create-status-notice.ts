import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateStatusNoticeRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { statusNoticesKey } from './list-status-notices';

/** Opens an incident or announces maintenance; the public status page shows it at once. */
export function useCreateStatusNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateStatusNoticeRequest) => unwrap(api.POST('/api/status-notices', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusNoticesKey }),
    meta: { handlesErrors: true },
  });
}
