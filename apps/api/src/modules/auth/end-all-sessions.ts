import type { PoolClient } from 'pg';
import { revokeIdentityProviderGrants } from '../identity/oidc-adapter.ts';
import { revokeUserSessions } from './sessions.repository.ts';

/**
 * Ends every way a user is signed in: the own auth service's sessions and the built-in identity
 * provider's sessions, grants and refresh tokens (after an e-mail or password change, disabling).
 */
export async function endAllSessions(
  client: Pick<PoolClient, 'query'>,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  await revokeUserSessions(client, userId, exceptSessionId);
  await revokeIdentityProviderGrants(client, userId);
}
