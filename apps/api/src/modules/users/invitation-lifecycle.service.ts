import type { Language, TInvitationItem } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { canManageCustomer } from '../auth/policies.ts';
import type { Principal } from '../auth/principal.repository.ts';
import { inviteUser } from './invite-user.service.ts';

const invitationNotFound = () => notFound('The invitation was not found.');

/**
 * The invitations of one customer account, the latest per person: pending, accepted, expired or
 * withdrawn (an invitation sent again replaces the earlier one).
 */
export async function listInvitations(
  db: Database,
  actor: Principal,
  customerId: number,
): Promise<TInvitationItem[]> {
  if (!canManageCustomer(actor, customerId)) throw forbidden();
  const { rows } = await db.$client.query<TInvitationItem & { created: Date; expiresAt: Date }>(
    `SELECT * FROM (
       SELECT DISTINCT ON (t.user_id) t.id, u.email, u.first_name AS "firstName", u.last_name AS "lastName",
              CASE WHEN t.withdrawn_at IS NOT NULL THEN 'withdrawn'
                   WHEN t.used_at IS NOT NULL THEN 'accepted'
                   WHEN t.expires_at <= now() THEN 'expired'
                   ELSE 'pending' END AS status,
              t.created, t.expires_at AS "expiresAt", inviter.display_name AS "invitedBy"
         FROM email_tokens t JOIN users u ON u.id = t.user_id
         LEFT JOIN users inviter ON inviter.id = t.created_by_user_id
        WHERE t.purpose = 'invitation' AND t.customer_id = $1
        ORDER BY t.user_id, t.created DESC) latest
     ORDER BY created DESC LIMIT 500`,
    [customerId],
  );
  return rows.map((row) => ({
    ...row,
    created: row.created.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }));
}

type InvitationRow = {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  language: Language;
  used_at: Date | null;
  established: boolean;
};

async function findInvitation(db: Database, customerId: number, invitationId: string) {
  const { rows } = await db.$client.query<InvitationRow>(
    `SELECT t.user_id, u.email, u.first_name, u.last_name, u.language, t.used_at,
            (u.password_hash IS NOT NULL OR u.email_verified) AS established
       FROM email_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.id = $1 AND t.customer_id = $2 AND t.purpose = 'invitation'`,
    [invitationId, customerId],
  );
  return rows[0];
}

/** Sends the invitation again with a fresh link (the earlier link stops working). */
export async function resendInvitation(
  db: Database,
  actor: Principal,
  customerId: number,
  invitationId: string,
  baseUrl: string,
  requestId: string,
): Promise<number[]> {
  if (!canManageCustomer(actor, customerId)) throw forbidden();
  const invitation = await findInvitation(db, customerId, invitationId);
  if (!invitation) throw invitationNotFound();
  return inviteUser(
    db,
    actor,
    {
      email: invitation.email,
      firstName: invitation.first_name,
      lastName: invitation.last_name,
      customerId,
      language: invitation.language,
    },
    baseUrl,
    requestId,
  );
}

/**
 * Withdraws a pending invitation: its link stops working. Someone who never signed in loses the
 * access the invitation gave them, and disappears altogether when it was their only account.
 */
export async function withdrawInvitation(
  db: Database,
  actor: Principal,
  customerId: number,
  invitationId: string,
  requestId: string,
): Promise<void> {
  if (!canManageCustomer(actor, customerId)) throw forbidden();
  await inTransaction(db.$client, async (client) => {
    const { rows } = await client.query<{ user_id: string; email: string; established: boolean }>(
      `UPDATE email_tokens t SET used_at = now(), withdrawn_at = now()
         FROM users u
        WHERE t.id = $1 AND t.customer_id = $2 AND t.purpose = 'invitation' AND t.used_at IS NULL AND u.id = t.user_id
        RETURNING t.user_id, u.email, (u.password_hash IS NOT NULL OR u.email_verified) AS established`,
      [invitationId, customerId],
    );
    const invitation = rows[0];
    if (!invitation) throw invitationNotFound();
    let removedUser = false;
    if (!invitation.established) {
      await client.query('DELETE FROM user_customers WHERE user_id = $1 AND customer_id = $2', [
        invitation.user_id,
        customerId,
      ]);
      const deleted = await client.query(
        `DELETE FROM users u WHERE u.id = $1 AND u.password_hash IS NULL AND NOT u.email_verified
            AND NOT EXISTS (SELECT 1 FROM user_customers uc WHERE uc.user_id = u.id)`,
        [invitation.user_id],
      );
      removedUser = deleted.rowCount === 1;
    }
    await writeAudit(client, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'invitation.withdrawn',
      entityType: 'user',
      entityId: invitation.user_id,
      customerId,
      before: { email: invitation.email, status: 'pending' },
      after: { status: 'withdrawn', userRemoved: removedUser },
      requestId,
    });
  });
}
