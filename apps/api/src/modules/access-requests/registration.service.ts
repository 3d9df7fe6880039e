import type { PoolClient } from 'pg';
import {
  normalizeEmail,
  REGISTRATION_LINK_HOURS,
  type Language,
  type TRegisterRequest,
} from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import type { SignInUser } from '../auth/auth.service.ts';
import { assertPasswordAvoidsEmail, hashPassword, verifyPassword } from '../auth/password.ts';
import { hashToken, newSecretToken } from '../auth/sessions.repository.ts';
import { renderTemplate } from '../mail/mail-templates.ts';
import { queueEmail } from '../mail/mail.service.ts';
import { linkExpired } from '../users/email-tokens.ts';
import { accessLinks } from './access-links.ts';
import { ACCESS_REQUEST_MAILS } from './access-request-mails.ts';
import { assertRegistrationAllowed } from './request-limits.ts';

/*
 * A registration is a user row that cannot sign in yet (`enabled` false, address not verified)
 * with a `registration` link. Opening the link with the chosen password verifies the address and
 * enables the user; the purge job removes registrations whose link ran out (purgeRegistrations).
 */

type ExistingUser = {
  id: string;
  first_name: string;
  language: Language;
  /** Registered, never confirmed: a new registration may replace it. */
  pending_registration: boolean;
};

async function issueRegistrationLink(client: PoolClient, userId: string): Promise<string> {
  await client.query(
    `UPDATE email_tokens SET used_at = now(), withdrawn_at = now()
      WHERE user_id = $1 AND purpose = 'registration' AND used_at IS NULL`,
    [userId],
  );
  const token = newSecretToken();
  await client.query(
    `INSERT INTO email_tokens (purpose, token_hash, user_id, expires_at)
     VALUES ('registration', $1, $2, now() + make_interval(hours => $3))`,
    [hashToken(token), userId, REGISTRATION_LINK_HOURS],
  );
  return token;
}

/**
 * Registers a person, or tells an address that already has a user so. Both answer alike (and the
 * password is hashed either way), so registering never reveals whether an address is known.
 * Answers the outbox ids of the mail sent.
 */
export async function register(
  db: Database,
  input: TRegisterRequest,
  ipAddress: string,
  publicUrl: string,
): Promise<number[]> {
  const email = normalizeEmail(input.email);
  assertPasswordAvoidsEmail(input.password, email, 'body.password');
  const passwordHash = await hashPassword(input.password);
  return inTransaction(db.$client, async (client) => {
    await assertRegistrationAllowed(client, email, ipAddress);
    const inserted = await client.query<{ id: string }>(
      `INSERT INTO users (email, username, first_name, last_name, display_name, language, password_hash, enabled, email_verified)
       VALUES ($1, $1, $2, $3, $2 || ' ' || $3, $4, $5, false, false)
       ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
      [email, input.firstName, input.lastName, input.language, passwordHash],
    );
    let userId = inserted.rows[0]?.id;
    if (userId) {
      await client.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'CustomerUser')`, [userId]);
    } else {
      const { rows } = await client.query<ExistingUser>(
        `SELECT u.id, u.first_name, u.language,
                (NOT u.enabled AND NOT u.email_verified AND EXISTS (
                   SELECT 1 FROM email_tokens t WHERE t.user_id = u.id AND t.purpose = 'registration')) AS pending_registration
           FROM users u WHERE lower(u.email) = $1 FOR UPDATE`,
        [email],
      );
      const existing = rows[0]!;
      if (!existing.pending_registration) {
        const mail = renderTemplate(
          ACCESS_REQUEST_MAILS.registrationExisting[existing.language],
          { firstName: existing.first_name },
          accessLinks.signIn(publicUrl),
        );
        return [await queueEmail(client, email, mail)];
      }
      // Whoever registers last chooses the password; only the link in the owner's inbox, with
      // that password, completes it.
      userId = existing.id;
      await client.query(
        `UPDATE users SET first_name = $2, last_name = $3, display_name = $2 || ' ' || $3, language = $4,
                password_hash = $5, modified = now() WHERE id = $1`,
        [userId, input.firstName, input.lastName, input.language, passwordHash],
      );
    }
    const token = await issueRegistrationLink(client, userId);
    const mail = renderTemplate(
      ACCESS_REQUEST_MAILS.registration[input.language],
      { firstName: input.firstName, hours: REGISTRATION_LINK_HOURS },
      accessLinks.registrationConfirm(publicUrl, token),
    );
    return [await queueEmail(client, email, mail)];
  });
}

export const wrongRegistrationPassword = () => {
  const message = 'This is not the password you chose when you registered.';
  return badRequest(message, [{ field: 'body.password', code: 'wrongPassword', message }]);
};

/**
 * The link from the registration mail, with the password chosen then: the address counts as
 * verified and the user may sign in. 410 for a used, replaced or expired link.
 */
export async function verifyRegistration(
  db: Database,
  token: string,
  password: string,
  requestId: string,
): Promise<SignInUser> {
  return inTransaction(db.$client, async (client) => {
    const { rows } = await client.query<{
      id: string;
      user_id: string;
      email: string;
      first_name: string;
      language: Language;
      password_hash: string | null;
    }>(
      `SELECT t.id, t.user_id, u.email, u.first_name, u.language, u.password_hash
         FROM email_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = $1 AND t.purpose = 'registration' AND t.used_at IS NULL AND t.expires_at > now()
          AND NOT u.email_verified
        FOR UPDATE OF t, u`,
      [hashToken(token)],
    );
    const row = rows[0];
    if (!row) throw linkExpired();
    if (!(await verifyPassword(row.password_hash, password))) throw wrongRegistrationPassword();
    await client.query('UPDATE email_tokens SET used_at = now() WHERE id = $1', [row.id]);
    await client.query(
      'UPDATE users SET enabled = true, email_verified = true, modified = now() WHERE id = $1',
      [row.user_id],
    );
    await writeAudit(client, {
      actorUserId: row.user_id,
      actorEmail: row.email,
      action: 'user.registered',
      entityType: 'user',
      entityId: row.user_id,
      after: { emailVerified: true },
      requestId,
    });
    return { id: row.user_id, email: row.email, firstName: row.first_name, language: row.language };
  });
}

/**
 * Registrations nobody confirmed: the user row goes once its last registration link has run out,
 * unless something else (an invitation, an account) already refers to it.
 */
export async function purgeRegistrations(client: Pick<PoolClient, 'query'>): Promise<number> {
  const { rowCount } = await client.query(
    `DELETE FROM users u
      WHERE NOT u.enabled AND NOT u.email_verified
        AND EXISTS (SELECT 1 FROM email_tokens t WHERE t.user_id = u.id AND t.purpose = 'registration')
        AND NOT EXISTS (SELECT 1 FROM email_tokens t WHERE t.user_id = u.id AND t.used_at IS NULL AND t.expires_at > now())
        AND NOT EXISTS (SELECT 1 FROM user_customers uc WHERE uc.user_id = u.id)`,
  );
  return rowCount ?? 0;
}
