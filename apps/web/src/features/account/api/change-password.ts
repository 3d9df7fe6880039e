import { useMutation } from '@tanstack/react-query';
import type { TChangePasswordRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';

/** POST /api/auth/password: a new password; every other session ends. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: TChangePasswordRequest) => unwrap(api.POST('/api/auth/password', { body })),
    meta: { handlesErrors: true },
  });
}
