import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { accessRequestKeys } from './keys';

/** Takes back one of the person's pending requests. */
export function useWithdrawAccessRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.POST('/api/access-requests/{id}/withdraw', { params: { path: { id } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessRequestKeys.mine() }),
    meta: { handlesErrors: true },
  });
}
