import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateServiceRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateServiceRequest) => unwrap(api.POST('/api/services', { body })),
    onSuccess: (service) => {
      queryClient.setQueryData(['services', service.id], service);
      return queryClient.invalidateQueries({ queryKey: ['services'], exact: true });
    },
    meta: { handlesErrors: true },
  });
}
