import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreatePermissionRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

export function useCreatePermission(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreatePermissionRequest) =>
      unwrap(api.POST('/api/services/{serviceId}/permissions', { params: { path: { serviceId } }, body })),
    onSuccess: (service) => {
      queryClient.setQueryData(['services', serviceId], service);
      return queryClient.invalidateQueries({ queryKey: ['services'], exact: true });
    },
    meta: { handlesErrors: true },
  });
}
