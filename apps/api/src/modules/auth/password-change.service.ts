import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Principal } from './principal.repository.ts';
import { assertPasswordAvoidsEmail, hashPassword, verifyPassword } from './password.ts';
import { endUserSessions } from './end-user-sessions.ts';
import { assertSignInAllowed, recordSignInAttempt } from './throttle.ts';

/**
 * Changes a password after checking the current one (counted like a sign-in, so it cannot be used
 * to guess). Every other session of the user ends; the one in use stays.
 */
export async function changePassword(
  db: Database,
  principal: Principal,
  passwords: { currentPassword: string; newPassword: string },
  ipAddress: string,
  requestId: string,
): Promise<void> {
  await assertSignInAllowed(db, principal.email, ipAddress);
  const { rows } = await db.$client.query<{ password_hash: string | null; email: string }>(
    'SELECT password_hash, email FROM users WHERE id = $1',
    [principal.userId],
  );
  const matches = await verifyPassword(rows[0]?.password_hash, passwords.currentPassword);
  await recordSignInAttempt(db, principal.email, ipAddress, matches);
  if (!matches) {
    throw badRequest('The current password is not correct.', [
      {
        field: 'body.currentPassword',
        code: 'wrongPassword',
        message: 'The current password is not correct.',
      },
    ]);
  }
  assertPasswordAvoidsEmail(passwords.newPassword, rows[0]!.email, 'body.newPassword');
  const hash = await hashPassword(passwords.newPassword);
  await inTransaction(db.$client, async (client) => {
    await client.query('UPDATE users SET password_hash = $2, modified = now() WHERE id = $1', [
      principal.userId,
      hash,
    ]);
    await endUserSessions(client, principal.userId, principal);
    await writeAudit(client, {
      actorUserId: principal.userId,
      actorEmail: principal.email,
      action: 'password.changed',
      entityType: 'user',
      entityId: principal.userId,
      requestId,
    });
  });
}
