import type { Language, TResetUserSecondFactorsResponse } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { forbidden } from '../../lib/errors.ts';
import { endUserSessions } from '../auth/end-user-sessions.ts';
import { canManageUser, canViewUser, isProviderAdmin } from '../auth/policies.ts';
import type { Principal } from '../auth/principal.repository.ts';
import { queueEmail } from '../mail/mail.service.ts';
import { findUserForAdmin } from '../users/user-admin.repository.ts';
import { userNotFound } from '../users/user-admin.service.ts';
import { renderPasskeyMail } from './passkey-mails.ts';

/**
 * An administrator's reset of a user's second factors, for a lost phone or security key: every
 * passkey and the authenticator app go, open second steps end, and so do the user's sessions (the
 * lost device may hold one); the user is told by e-mail. The e-mail code always remains, so the
 * user signs in with password and code and enrols again. Only an administrator who may manage the
 * whole user, never oneself: it weakens the user's sign-in on every account they hold.
 */
export async function resetSecondFactors(
  db: Database,
  actor: Principal,
  userId: string,
  requestId: string,
): Promise<{ result: TResetUserSecondFactorsResponse; outboxIds: number[] }> {
  return inTransaction(db.$client, async (client) => {
    const user = await findUserForAdmin(client, userId, true);
    if (!user || !canViewUser(actor, user.managed)) throw userNotFound();
    if (user.id === actor.userId || !canManageUser(actor, user.managed)) throw forbidden();
    const passkeys = await client.query<{ id: string; name: string }>(
      'DELETE FROM passkeys WHERE user_id = $1 RETURNING id, name',
      [userId],
    );
    const app = await client.query(
      `UPDATE user_mfa SET totp_secret = NULL, totp_enrolled_at = NULL, totp_last_step = NULL
        WHERE user_id = $1 AND totp_secret IS NOT NULL`,
      [userId],
    );
    await client.query(
      `UPDATE mfa_challenges SET expires_at = least(expires_at, now()) WHERE user_id = $1 AND completed_at IS NULL`,
      [userId],
    );
    await client.query(
      'UPDATE webauthn_challenges SET used_at = now() WHERE user_id = $1 AND used_at IS NULL',
      [userId],
    );
    await endUserSessions(client, userId);
    const result = {
      passkeysRemoved: passkeys.rowCount ?? 0,
      authenticatorAppRemoved: (app.rowCount ?? 0) > 0,
    };
    // In the audit log of every account of the user the administrator answers for.
    const accounts = isProviderAdmin(actor)
      ? user.managed.customerIds
      : user.managed.customerIds.filter((id) => actor.customerIds.includes(id));
    for (const customerId of accounts.length > 0 ? accounts : [null]) {
      await writeAudit(client, {
        actorUserId: actor.userId,
        actorEmail: actor.email,
        action: 'user.second-factors-reset',
        entityType: 'user',
        entityId: userId,
        customerId,
        before: { passkeys: passkeys.rows.map((p) => ({ passkeyId: p.id, name: p.name })) },
        after: result,
        requestId,
      });
    }
    const { rows } = await client.query<{ email: string; first_name: string; language: Language }>(
      'SELECT email, first_name, language FROM users WHERE id = $1',
      [userId],
    );
    const owner = rows[0]!;
    const mail = renderPasskeyMail('secondFactorsReset', owner.language, { firstName: owner.first_name });
    return { result, outboxIds: [await queueEmail(client, owner.email, mail)] };
  });
}
