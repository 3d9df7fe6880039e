import { useMutation } from '@tanstack/react-query';
import type { TRequestEmailChangeRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

/** POST /api/administration/update-email: a confirmation link goes to the new address. */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (body: TRequestEmailChangeRequest) =>
      unwrap(api.POST('/api/administration/update-email', { body })),
    meta: { handlesErrors: true },
  });
}
