import { useMutation } from '@tanstack/react-query';
import type { TLoginRequest } from '@service-hub/contracts';
import { api, unwrap } from '../../../lib/api/client';
import { authToken } from '../../../lib/api/auth-token';

export async function login(credentials: TLoginRequest): Promise<string> {
  const { token } = await unwrap(api.POST('/api/auth/login', { body: credentials }));
  return token;
}

/** Signs in and keeps the token for later calls. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    meta: { handlesErrors: true },
    onSuccess: (token) => authToken.set(token),
  });
}
