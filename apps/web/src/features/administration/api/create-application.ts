import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateApplicationRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

export function useCreateApplication(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateApplicationRequest) =>
      unwrap(api.POST('/api/services/{serviceId}/applications', { params: { path: { serviceId } }, body })),
    onSuccess: (service) => {
      queryClient.setQueryData(['services', serviceId], service);
      return queryClient.invalidateQueries({ queryKey: ['services'], exact: true });
    },
    meta: { handlesErrors: true },
  });
}
