import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { accessRequestKeys } from './keys';

/** Removes a domain; its automatic approval ends at once. */
export function useRemoveEmailDomain(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(
        api.DELETE('/api/email-domains/{id}', {
          params: { path: { id }, query: { activeAccountId: String(customerId) } },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessRequestKeys.domains(customerId) }),
  });
}
