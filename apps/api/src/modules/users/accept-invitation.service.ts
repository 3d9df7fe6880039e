import type { Language, TJoinInvitedAccountResponse } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import type { Principal } from '../auth/principal.repository.ts';
import { grantCustomerAccess } from './customer-access.repository.ts';
import { findUsableToken, linkExpired, markTokenUsed } from './email-tokens.ts';

const signInToAccept = () =>
  conflict('You already have a Service Hub user: sign in and accept the invitation.');

export const invitationForAnotherUser = () =>
  new AppError(403, 'WRONG_USER', 'Forbidden', 'This invitation is for another user.');

/**
 * A new user's first step: the password is set, the address counts as confirmed, the account of
 * the invitation is theirs, and the link ends. Someone who already has a user joins instead.
 */
export async function acceptInvitation(
  db: Database,
  token: string,
  passwordHash: string,
): Promise<{ id: string; email: string; firstName: string; language: Language }> {
  return inTransaction(db.$client, async (client) => {
    const row = await findUsableToken(client, token, true);
    if (row.purpose !== 'invitation') throw linkExpired();
    if (row.established) throw signInToAccept();
    await markTokenUsed(client, row.id);
    const { rows } = await client.query<{ language: Language }>(
      'UPDATE users SET password_hash = $2, email_verified = true, modified = now() WHERE id = $1 RETURNING language',
      [row.user_id, passwordHash],
    );
    if (row.customer_id !== null) await grantCustomerAccess(client, row.user_id, row.customer_id);
    await writeAudit(client, {
      actorUserId: row.user_id,
      actorEmail: row.email,
      action: 'invitation.accepted',
      entityType: 'user',
      entityId: row.user_id,
      customerId: row.customer_id,
      after: { customerId: row.customer_id },
    });
    return { id: row.user_id, email: row.email, firstName: row.first_name, language: rows[0]!.language };
  });
}

/**
 * An existing user accepts an invitation while signed in as the invited user: only now do they
 * gain the account.
 */
export async function joinInvitedAccount(
  db: Database,
  principal: Principal,
  token: string,
  requestId: string,
): Promise<TJoinInvitedAccountResponse> {
  return inTransaction(db.$client, async (client) => {
    const row = await findUsableToken(client, token, true);
    if (row.purpose !== 'invitation' || row.customer_id === null) throw linkExpired();
    if (row.user_id !== principal.userId) throw invitationForAnotherUser();
    await markTokenUsed(client, row.id);
    await grantCustomerAccess(client, row.user_id, row.customer_id);
    await writeAudit(client, {
      actorUserId: principal.userId,
      actorEmail: principal.email,
      action: 'invitation.accepted',
      entityType: 'user',
      entityId: principal.userId,
      customerId: row.customer_id,
      after: { customerId: row.customer_id },
      requestId,
    });
    return { customerId: row.customer_id, customerName: row.customer_name ?? '' };
  });
}
