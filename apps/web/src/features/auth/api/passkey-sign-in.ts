import { api, unwrap } from '../../../lib/api/client';
import { signWithPasskey } from '../../../lib/passkeys/passkey-ceremonies';

/**
 * Passkey sign-in, alone or (with the MFA challenge of a password sign-in) as its second factor:
 * the Hub's options, the browser's ceremony, the Hub's verdict.
 */
export async function signInWithPasskey(mfaChallengeId?: string): Promise<{ token: string }> {
  const { challengeId, options } = await unwrap(
    api.POST('/api/auth/passkey/options', { body: mfaChallengeId ? { mfaChallengeId } : {} }),
  );
  const response = await signWithPasskey(options);
  return unwrap(api.POST('/api/auth/passkey/verify', { body: { challengeId, response } }));
}

/** The same in the built-in identity provider's interaction: answers where to go next. */
export async function submitInteractionPasskey(
  uid: string,
  mfaChallengeId?: string,
): Promise<{ redirectTo: string }> {
  const path = { uid };
  const { challengeId, options } = await unwrap(
    api.POST('/idp/interaction/{uid}/passkey/options', {
      params: { path },
      body: mfaChallengeId ? { mfaChallengeId } : {},
    }),
  );
  const response = await signWithPasskey(options);
  return unwrap(
    api.POST('/idp/interaction/{uid}/passkey', { params: { path }, body: { challengeId, response } }),
  );
}
