import { useMutation } from '@tanstack/react-query';
import type { TUpdateEmailRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

/** POST /api/administration/update-email: a confirmation link goes to the new address. */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (body: TUpdateEmailRequest) => unwrap(api.POST('/api/administration/update-email', { body })),
    meta: { handlesErrors: true },
  });
}
