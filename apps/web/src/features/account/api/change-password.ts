import { useMutation } from '@tanstack/react-query';
import type { TPasswordChangeRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

/** POST /api/auth/password: a new password; every other session ends. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: TPasswordChangeRequest) => unwrap(api.POST('/api/auth/password', { body })),
    meta: { handlesErrors: true },
  });
}
