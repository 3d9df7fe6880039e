import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAddEmailDomainRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { accessRequestKeys } from './keys';

/** Adds a domain of the account; a confirmation link goes to the address given. */
export function useAddEmailDomain(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAddEmailDomainRequest) =>
      unwrap(
        api.POST('/api/email-domains', { params: { query: { activeAccountId: String(customerId) } }, body }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessRequestKeys.domains(customerId) }),
    meta: { handlesErrors: true },
  });
}
