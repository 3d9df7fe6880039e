import type { PoolClient } from 'pg';
import type { TInvitation } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken, newSecretToken } from '../auth/sessions.repository.ts';

/** How long an e-mailed link works. */
export const LINK_DAYS = 7;

export const linkExpired = () =>
  new AppError(
    410,
    'LINK_EXPIRED',
    'Gone',
    'This link has expired or has already been used. Ask for a new one.',
  );

type Queryable = Pick<PoolClient, 'query'>;

/**
 * A single-use link for an invitation (to one customer account) or an e-mail change. A fresh link
 * replaces an unused earlier one for the same purpose (and account); only its hash is stored.
 */
export async function issueEmailToken(
  client: Queryable,
  link: {
    purpose: TInvitation['purpose'];
    userId: string;
    customerId?: number;
    newEmail?: string;
    createdByUserId: string | null;
  },
): Promise<string> {
  await client.query(
    `UPDATE email_tokens SET used_at = now(), withdrawn_at = now()
      WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL AND customer_id IS NOT DISTINCT FROM $3`,
    [link.userId, link.purpose, link.customerId ?? null],
  );
  const token = newSecretToken();
  await client.query(
    `INSERT INTO email_tokens (purpose, token_hash, user_id, customer_id, new_email, created_by_user_id, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(days => $7))`,
    [
      link.purpose,
      hashToken(token),
      link.userId,
      link.customerId ?? null,
      link.newEmail ?? null,
      link.createdByUserId,
      LINK_DAYS,
    ],
  );
  return token;
}

export type EmailTokenRow = {
  id: string;
  purpose: TInvitation['purpose'];
  user_id: string;
  customer_id: number | null;
  new_email: string | null;
  email: string;
  first_name: string;
  last_name: string;
  customer_name: string | null;
  /** The user has signed in before (or confirmed an address): they accept by signing in, not with a password. */
  established: boolean;
};

/** The unused, unexpired link behind a token, or 410. `lock` holds it until the transaction ends. */
export async function findUsableToken(
  client: Queryable,
  token: string,
  lock = false,
): Promise<EmailTokenRow> {
  const { rows } = await client.query<EmailTokenRow>(
    `SELECT t.id, t.purpose, t.user_id, t.customer_id, t.new_email, u.email, u.first_name, u.last_name,
            c.name AS customer_name, (u.password_hash IS NOT NULL OR u.email_verified) AS established
       FROM email_tokens t JOIN users u ON u.id = t.user_id LEFT JOIN customers c ON c.id = t.customer_id
      WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now() AND u.enabled
      ${lock ? 'FOR UPDATE OF t' : ''}`,
    [hashToken(token)],
  );
  if (!rows[0]) throw linkExpired();
  return rows[0];
}

export async function markTokenUsed(client: Queryable, tokenId: string): Promise<void> {
  await client.query('UPDATE email_tokens SET used_at = now() WHERE id = $1', [tokenId]);
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
    requiresSignIn: row.purpose === 'invitation' && row.established,
  };
}
