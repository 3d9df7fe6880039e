import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api/client';
import { createPasskey } from '../../../lib/passkeys/passkey-ceremonies';
import { listPasskeysQueryOptions } from './list-passkeys';

/**
 * Adds a passkey: the Hub's options (POST /api/v3/passkey-challenges), the browser's ceremony,
 * then the answer and its name (POST /api/v3/passkeys).
 */
export async function registerPasskey(name: string) {
  const { challengeId, options } = await unwrap(api.POST('/api/v3/passkey-challenges'));
  const response = await createPasskey(options);
  return unwrap(api.POST('/api/v3/passkeys', { body: { challengeId, name, response } }));
}

export function useRegisterPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPasskey,
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries(listPasskeysQueryOptions()),
  });
}
