import type { TUpdateCurrentUserRequest } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import type { Principal } from '../auth/principal.repository.ts';

/** The signed-in user changes their own name and language; audited with before and after. */
export async function updateProfile(
  db: Database,
  principal: Principal,
  profile: TUpdateCurrentUserRequest,
  requestId: string,
): Promise<void> {
  await inTransaction(db.$client, async (client) => {
    const { rows } = await client.query(
      `SELECT first_name AS "firstName", last_name AS "lastName", language FROM users WHERE id = $1 FOR UPDATE`,
      [principal.userId],
    );
    await client.query(
      `UPDATE users SET first_name = $2, last_name = $3, display_name = $2 || ' ' || $3, language = $4, modified = now()
        WHERE id = $1`,
      [principal.userId, profile.firstName, profile.lastName, profile.language],
    );
    await writeAudit(client, {
      actorUserId: principal.userId,
      actorEmail: principal.email,
      action: 'user.profile-updated',
      entityType: 'user',
      entityId: principal.userId,
      before: rows[0],
      after: profile,
      requestId,
    });
  });
}
