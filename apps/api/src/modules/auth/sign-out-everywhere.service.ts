import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { endUserSessions } from './end-user-sessions.ts';
import type { Principal } from './principal.repository.ts';

/**
 * Ends every session of the user, the one in use included: for a device left signed in somewhere
 * (Account page, "Sign out everywhere").
 */
export async function signOutEverywhere(
  db: Database,
  principal: Principal,
  requestId: string,
): Promise<void> {
  await inTransaction(db.$client, async (client) => {
    await endUserSessions(client, principal.userId);
    await writeAudit(client, {
      actorUserId: principal.userId,
      actorEmail: principal.email,
      action: 'sessions.ended-everywhere',
      entityType: 'user',
      entityId: principal.userId,
      requestId,
    });
  });
}
