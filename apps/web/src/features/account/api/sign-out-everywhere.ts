import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';

/** POST /api/auth/sign-out-everywhere: ends every session of the user, this one included. */
export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/auth/sign-out-everywhere')),
  });
}
