import type { Language, TInvitation } from '@service-hub/contracts';
import { EXCLUDED_GRANT_PREFIXES } from '@service-hub/contracts';
import type { PoolClient } from 'pg';
import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Principal } from '../auth/principal.repository.ts';
import { hashToken, newSecretToken } from '../auth/sessions.repository.ts';
import { endUserSessions } from '../auth/end-user-sessions.ts';
import { renderMail } from '../mail/mail-templates.ts';
import { queueEmail } from '../mail/mail.service.ts';

export const LINK_DAYS = 7;

export const linkExpired = () =>
  new AppError(
    410,
    'LINK_EXPIRED',
    'Gone',
    'This link has expired or has already been used. Ask for a new one.',
  );

const isProviderAdmin = (p: Principal) => p.roles.includes('SF_ADMIN');
const isAdmin = (p: Principal) =>
  p.roles.some((r) => r === 'CustomerAdministrator' || r === 'ProviderAdministrator');

/** Provider administrators manage every account; customer administrators the accounts they reach. */
export function assertCanManageCustomer(actor: Principal, customerId: number) {
  if (isProviderAdmin(actor)) return;
  if (isAdmin(actor) && actor.customerIds.includes(customerId)) return;
  throw forbidden();
}

async function grantAccess(client: PoolClient, userId: string, customerId: number) {
  try {
    await client.query('INSERT INTO user_customers (user_id, customer_id) VALUES ($1, $2)', [
      userId,
      customerId,
    ]);
  } catch (error) {
    if ((error as { constraint?: string }).constraint === 'user_customers_max_accounts') {
      throw conflict('A user may hold at most 10 customer accounts at a time.');
    }
    throw error;
  }
  // Spec 5: AI, WOD, EA and IBF permissions are never granted with customer access; the services'
  // own administrator permissions are given separately.
  await client.query(
    `INSERT INTO customer_user_permissions (customer_id, user_id, permission_id)
     SELECT cp.customer_id, $1, cp.permission_id
       FROM customer_permissions cp JOIN permissions p ON p.id = cp.permission_id
      WHERE cp.customer_id = $2 AND p.prefix <> ALL($3::text[]) AND p.name <> 'CustomerAdmin'`,
    [userId, customerId, EXCLUDED_GRANT_PREFIXES],
  );
}

/**
 * Invites someone to a customer account by e-mail. A new address becomes a user without a password
 * and gets a single-use link to choose one; a known user simply gains access and is told so. Both
 * answer the same, so an invitation never reveals whether an address already has a user.
 */
export async function inviteUser(
  db: Database,
  actor: Principal,
  invitation: { email: string; firstName: string; lastName: string; customerId: number; language?: Language },
  baseUrl: string,
  requestId: string,
): Promise<number[]> {
  assertCanManageCustomer(actor, invitation.customerId);
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
    const { rows: existing } = await client.query<{
      id: string;
      first_name: string;
      language: Language;
      password_hash: string | null;
      has_access: boolean;
    }>(
      `SELECT u.id, u.first_name, u.language, u.password_hash,
              EXISTS (SELECT 1 FROM user_customers uc WHERE uc.user_id = u.id AND uc.customer_id = $2) AS has_access
         FROM users u WHERE lower(u.email) = lower($1) FOR UPDATE`,
      [invitation.email, invitation.customerId],
    );
    let user = existing[0];
    if (user?.has_access && user.password_hash) {
      throw new AppError(
        409,
        'ALREADY_HAS_ACCESS',
        'Conflict',
        'The user already has access to this customer account.',
      );
    }
    if (!user) {
      const language = invitation.language ?? 'en-SE';
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO users (email, username, first_name, last_name, display_name, language)
         VALUES ($1, $1, $2, $3, $4, $5) RETURNING id`,
        [
          invitation.email,
          invitation.firstName,
          invitation.lastName,
          `${invitation.firstName} ${invitation.lastName}`,
          language,
        ],
      );
      await client.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'CustomerUser')`, [rows[0]!.id]);
      user = {
        id: rows[0]!.id,
        first_name: invitation.firstName,
        language,
        password_hash: null,
        has_access: false,
      };
    }
    if (!user.has_access) await grantAccess(client, user.id, invitation.customerId);
    await writeAudit(client, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'user.invited',
      entityType: 'user',
      entityId: user.id,
      after: { customerId: invitation.customerId, email: invitation.email },
      requestId,
    });
    const values = { firstName: user.first_name, inviter, customer: customer.name, days: LINK_DAYS };
    if (user.password_hash) {
      return [
        await queueEmail(
          client,
          invitation.email,
          renderMail('accessGranted', user.language, values, `${baseUrl}/dashboard`),
        ),
      ];
    }
    // A fresh link replaces any earlier one that was not used.
    await client.query(
      `UPDATE email_tokens SET used_at = now() WHERE user_id = $1 AND purpose = 'invitation' AND used_at IS NULL`,
      [user.id],
    );
    const token = newSecretToken();
    await client.query(
      `INSERT INTO email_tokens (purpose, token_hash, user_id, customer_id, created_by_user_id, expires_at)
       VALUES ('invitation', $1, $2, $3, $4, now() + make_interval(days => $5))`,
      [hashToken(token), user.id, invitation.customerId, actor.userId, LINK_DAYS],
    );
    const link = `${baseUrl}/invitation?token=${encodeURIComponent(token)}`;
    return [
      await queueEmail(client, invitation.email, renderMail('invitation', user.language, values, link)),
    ];
  });
}

type TokenRow = {
  id: string;
  purpose: TInvitation['purpose'];
  user_id: string;
  new_email: string | null;
  email: string;
  first_name: string;
  last_name: string;
  customer_name: string | null;
};

async function findUsableToken(
  client: Pick<PoolClient, 'query'>,
  token: string,
  lock = false,
): Promise<TokenRow> {
  const { rows } = await client.query<TokenRow>(
    `SELECT t.id, t.purpose, t.user_id, t.new_email, u.email, u.first_name, u.last_name, c.name AS customer_name
       FROM email_tokens t JOIN users u ON u.id = t.user_id LEFT JOIN customers c ON c.id = t.customer_id
      WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now() AND u.enabled
      ${lock ? 'FOR UPDATE OF t' : ''}`,
    [hashToken(token)],
  );
  if (!rows[0]) throw linkExpired();
  return rows[0];
}

/** What an invitation or e-mail-change link is about, for the page it opens. */
export async function describeEmailLink(db: Database, token: string): Promise<TInvitation> {
  const row = await findUsableToken(db.$client, token);
  return {
    email: row.new_email ?? row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    customerName: row.customer_name,
    purpose: row.purpose,
  };
}

/** Uses an invitation: sets the password, confirms the address, and ends the link. */
export async function acceptInvitation(
  db: Database,
  token: string,
  passwordHash: string,
): Promise<{ id: string; email: string; firstName: string; language: Language }> {
  return inTransaction(db.$client, async (client) => {
    const row = await findUsableToken(client, token, true);
    if (row.purpose !== 'invitation') throw linkExpired();
    await client.query('UPDATE email_tokens SET used_at = now() WHERE id = $1', [row.id]);
    const { rows } = await client.query<{ language: Language }>(
      'UPDATE users SET password_hash = $2, email_verified = true, modified = now() WHERE id = $1 RETURNING language',
      [row.user_id, passwordHash],
    );
    return { id: row.user_id, email: row.email, firstName: row.first_name, language: rows[0]!.language };
  });
}

/**
 * Asks for an e-mail address change: a link goes to the new address and nothing changes until it
 * is followed. Administrators may ask it for users of their accounts, anyone for themselves.
 */
export async function requestEmailChange(
  db: Database,
  actor: Principal,
  request: { userId: string; email: string },
  baseUrl: string,
  requestId: string,
): Promise<number[]> {
  return inTransaction(db.$client, async (client) => {
    const { rows } = await client.query<{ first_name: string; language: Language; customer_ids: number[] }>(
      `SELECT u.first_name, u.language,
              coalesce((SELECT array_agg(customer_id) FROM user_customers WHERE user_id = u.id), '{}') AS customer_ids
         FROM users u WHERE u.id = $1`,
      [request.userId],
    );
    const target = rows[0];
    if (!target) throw notFound('The user was not found.');
    const allowed =
      request.userId === actor.userId ||
      isProviderAdmin(actor) ||
      (isAdmin(actor) && target.customer_ids.some((id) => actor.customerIds.includes(id)));
    if (!allowed) throw forbidden();
    const { rowCount } = await client.query(
      'SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2',
      [request.email, request.userId],
    );
    if (rowCount) {
      throw new AppError(409, 'EMAIL_EXISTS', 'Conflict', 'This email already exists', [
        { field: 'body.email', code: 'emailExists', message: 'This email already exists' },
      ]);
    }
    await client.query(
      `UPDATE email_tokens SET used_at = now() WHERE user_id = $1 AND purpose = 'email-change' AND used_at IS NULL`,
      [request.userId],
    );
    const token = newSecretToken();
    await client.query(
      `INSERT INTO email_tokens (purpose, token_hash, user_id, new_email, created_by_user_id, expires_at)
       VALUES ('email-change', $1, $2, $3, $4, now() + make_interval(days => $5))`,
      [hashToken(token), request.userId, request.email, actor.userId, LINK_DAYS],
    );
    await writeAudit(client, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'user.email-change-requested',
      entityType: 'user',
      entityId: request.userId,
      after: { email: request.email },
      requestId,
    });
    const link = `${baseUrl}/email-change?token=${encodeURIComponent(token)}`;
    const mail = renderMail(
      'emailChange',
      target.language,
      { firstName: target.first_name, email: request.email, days: LINK_DAYS },
      link,
    );
    return [await queueEmail(client, request.email, mail)];
  });
}

/** Follows an e-mail change link: the new address takes effect and every session ends. */
export async function confirmEmailChange(db: Database, token: string): Promise<void> {
  await inTransaction(db.$client, async (client) => {
    const row = await findUsableToken(client, token, true);
    if (row.purpose !== 'email-change' || !row.new_email) throw linkExpired();
    const { rowCount } = await client.query(
      'SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2',
      [row.new_email, row.user_id],
    );
    if (rowCount) throw linkExpired();
    await client.query('UPDATE email_tokens SET used_at = now() WHERE id = $1', [row.id]);
    await client.query(
      'UPDATE users SET email = $2, username = $2, email_verified = true, modified = now() WHERE id = $1',
      [row.user_id, row.new_email],
    );
    await endUserSessions(client, row.user_id);
    await writeAudit(client, {
      actorUserId: row.user_id,
      actorEmail: row.new_email,
      action: 'user.email-changed',
      entityType: 'user',
      entityId: row.user_id,
      before: { email: row.email },
      after: { email: row.new_email },
    });
  });
}
