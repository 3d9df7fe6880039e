import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateEmailDomainRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { accessRequestKeys } from './keys';

/** Automatic approval of a verified domain, with the role and permissions it gives. */
export function useUpdateEmailDomain(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TUpdateEmailDomainRequest }) =>
      unwrap(
        api.PUT('/api/email-domains/{id}', {
          params: { path: { id }, query: { activeAccountId: String(customerId) } },
          body,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessRequestKeys.domains(customerId) }),
    meta: { handlesErrors: true },
  });
}
