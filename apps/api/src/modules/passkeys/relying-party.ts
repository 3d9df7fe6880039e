/**
 * Who the passkeys belong to (WebAuthn's relying party): the Hub's public address. Browsers bind a
 * passkey to the host name and sign the page's origin into every answer; the Hub redirects every
 * other host to PUBLIC_URL (docs/sign-in.md), so one id and one origin are all it accepts.
 */
export type RelyingParty = { id: string; name: string; origin: string };

export const RELYING_PARTY_NAME = 'Service Hub';

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, name: RELYING_PARTY_NAME, origin: url.origin };
}

/** The user id as WebAuthn's user handle: the UUID's 16 bytes, nothing personal. */
export const userHandleOf = (userId: string) =>
  Uint8Array.from(Buffer.from(userId.replaceAll('-', ''), 'hex'));
