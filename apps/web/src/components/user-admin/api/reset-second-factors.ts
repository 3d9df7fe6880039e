import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

/** POST /api/v3/user/{userId}/second-factors/reset: passkeys and authenticator app gone, sessions ended. */
export function useResetSecondFactors(userId: string) {
  return useMutation({
    mutationFn: () =>
      unwrap(api.POST('/api/v3/user/{userId}/second-factors/reset', { params: { path: { userId } } })),
    meta: { handlesErrors: true },
  });
}
