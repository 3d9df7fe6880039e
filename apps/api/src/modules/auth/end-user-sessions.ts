import type { PoolClient } from 'pg';
import { revokeIdentityProviderGrants } from '../identity/oidc-adapter.ts';
import type { SessionRef } from './principal.repository.ts';
import { announceSessionsEnded } from './session-events.ts';
import { revokeUserSessions } from './sessions.repository.ts';

/**
 * Ends every session of a user — the own auth service's and the built-in identity provider's —
 * except optionally the one in use (password change). Whatever must sign a user out everywhere
 * (e-mail change, disabling, deletion) goes through here.
 */
export async function endUserSessions(
  db: Pick<PoolClient, 'query'>,
  userId: string,
  keep: SessionRef = {},
): Promise<void> {
  await revokeUserSessions(db, userId, keep.sessionId);
  await revokeIdentityProviderGrants(db, userId, keep.providerSession);
  await announceSessionsEnded(db, userId);
}
