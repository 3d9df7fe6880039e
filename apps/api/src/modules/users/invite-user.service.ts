import { normalizeEmail, type Language } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { canManageCustomer } from '../auth/policies.ts';
import type { Principal } from '../auth/principal.repository.ts';
import { renderMail } from '../mail/mail-templates.ts';
import { queueEmail } from '../mail/mail.service.ts';
import { grantCustomerAccess } from './customer-access.repository.ts';
import { issueEmailToken, LINK_DAYS } from './email-tokens.ts';

export const alreadyHasAccess = () =>
  new AppError(
    409,
    'ALREADY_HAS_ACCESS',
    'Conflict',
    'The user already has access to this customer account.',
  );

type InvitedUser = {
  id: string;
  first_name: string;
  language: Language;
  established: boolean;
  has_access: boolean;
};

/**
 * Invites someone to a customer account by e-mail. A new address becomes a user with access to
 * the account and a single-use link to choose a password. An address that already has a user
 * gains nothing yet: they get a link to accept the invitation while signed in as themselves, so an
 * administrator can never attach someone else's sign-in to their account. Both answer alike, so an
 * invitation does not reveal whether an address has a user.
 */
export async function inviteUser(
  db: Database,
  actor: Principal,
  invitation: { email: string; firstName: string; lastName: string; customerId: number; language?: Language },
  baseUrl: string,
  requestId: string,
): Promise<number[]> {
  if (!canManageCustomer(actor, invitation.customerId)) throw forbidden();
  const email = normalizeEmail(invitation.email);
  return inTransaction(db.$client, async (client) => {
    const { rows: customers } = await client.query<{ name: string }>(
      'SELECT name FROM customers WHERE id = $1',
      [invitation.customerId],
    );
    const customer = customers[0];
    if (!customer) throw notFound('Failed to load customer');
    const { rows: inviters } = await client.query<{ display_name: string }>(
      'SELECT display_name FROM users WHERE id = $1',
      [actor.userId],
    );
    const inviter = inviters[0]?.display_name ?? 'Service Hub';
    const language = invitation.language ?? 'en-SE';
    // Concurrent invitations of one new address: one inserts, the other finds that row.
    const inserted = await client.query(
      `INSERT INTO users (email, username, first_name, last_name, display_name, language)
       VALUES ($1, $1, $2, $3, $2 || ' ' || $3, $4) ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
      [email, invitation.firstName, invitation.lastName, language],
    );
    const { rows } = await client.query<InvitedUser>(
      `SELECT u.id, u.first_name, u.language, (u.password_hash IS NOT NULL OR u.email_verified) AS established,
              EXISTS (SELECT 1 FROM user_customers uc WHERE uc.user_id = u.id AND uc.customer_id = $2) AS has_access
         FROM users u WHERE u.email = $1 FOR UPDATE`,
      [email, invitation.customerId],
    );
    const user = rows[0];
    if (!user) throw forbidden();
    if (user.has_access && user.established) throw alreadyHasAccess();
    if (inserted.rowCount === 1) {
      // Someone nobody knew yet: the account is theirs from the start.
      await client.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'CustomerUser')`, [user.id]);
      await grantCustomerAccess(client, user.id, invitation.customerId);
    }
    const token = await issueEmailToken(client, {
      purpose: 'invitation',
      userId: user.id,
      customerId: invitation.customerId,
      createdByUserId: actor.userId,
    });
    await writeAudit(client, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'user.invited',
      entityType: 'user',
      entityId: user.id,
      customerId: invitation.customerId,
      after: { customerId: invitation.customerId, email, existingUser: user.established },
      requestId,
    });
    const values = { firstName: user.first_name, inviter, customer: customer.name, days: LINK_DAYS };
    const link = `${baseUrl}/invitation?token=${encodeURIComponent(token)}`;
    const mail = renderMail(user.established ? 'joinInvitation' : 'invitation', user.language, values, link);
    return [await queueEmail(client, email, mail)];
  });
}
