import type { Database } from '../../db/client.ts';

/** The Hub user linked to an external provider's subject, if any (and notes that it was seen). */
export async function findLinkedUserId(
  db: Database,
  issuer: string,
  subject: string,
): Promise<string | undefined> {
  const { rows } = await db.$client.query<{ user_id: string }>(
    `UPDATE user_identities SET last_seen_at = now()
      WHERE issuer = $1 AND subject = $2 RETURNING user_id`,
    [issuer, subject],
  );
  return rows[0]?.user_id;
}

/**
 * Links a provider subject to the enabled user with this (verified, normalised) e-mail address,
 * unless that user is already linked to another subject of the same provider: one person, one
 * identity per provider. Answers the linked user id.
 */
export async function linkByVerifiedEmail(
  db: Database,
  issuer: string,
  subject: string,
  email: string,
): Promise<string | undefined> {
  const { rows } = await db.$client.query<{ user_id: string }>(
    `WITH candidate AS (
       SELECT u.id FROM users u
        WHERE u.email = $3 AND u.enabled
          AND NOT EXISTS (SELECT 1 FROM user_identities i WHERE i.user_id = u.id AND i.issuer = $1)
     ), linked AS (
       INSERT INTO user_identities (issuer, subject, user_id)
       SELECT $1, $2, id FROM candidate
       ON CONFLICT DO NOTHING RETURNING user_id
     )
     UPDATE users SET email_verified = true FROM linked WHERE users.id = linked.user_id RETURNING users.id AS user_id`,
    [issuer, subject, email],
  );
  return rows[0]?.user_id ?? (await findLinkedUserId(db, issuer, subject));
}
