import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { PoolClient } from 'pg';
import type { Language, MfaType, TMfaChallenge, TMfaStatus } from '@service-hub/contracts';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../lib/audit.ts';
import { AppError, minutesOf, TooManyRequestsError } from '../../lib/errors.ts';
import { LOCKOUT_MINUTES } from './throttle.ts';
import { renderMail } from '../mail/mail-templates.ts';
import { queueEmail } from '../mail/mail.service.ts';
import { countPasskeys } from '../passkeys/passkeys.repository.ts';

export const MFA_CODE_MINUTES = 10;
export const MAX_ATTEMPTS = 5;
/**
 * Wrong codes per user, across challenges, that lock the second step for LOCKOUT_MINUTES: without
 * it every new password sign-in would bring five fresh guesses.
 */
export const MFA_LOCK_FAILURES = 10;
const ISSUER = 'Service Hub';

/** What to do once the second factor is proven. */
export type ChallengeContext = { flow: 'token' } | { flow: 'oidc'; interactionUid: string };

export const invalidCode = () =>
  new AppError(
    401,
    'INVALID_CODE',
    'Unauthorized',
    'The code is not correct or has expired. Try again or sign in again.',
  );

export const mfaLocked = (retryAfterSeconds: number) =>
  new TooManyRequestsError(
    'MFA_LOCKED',
    `Too many wrong codes. Try again in ${minutesOf(retryAfterSeconds)}.`,
    retryAfterSeconds,
  );

type Queryable = Pick<PoolClient, 'query'>;

/** Wrong codes of the user within the lockout window since their last successful second step. */
export async function recentMfaFailures(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ failures: number }>(
    `SELECT coalesce(sum(attempts - CASE WHEN completed_at IS NULL THEN 0 ELSE 1 END), 0)::int AS failures
       FROM mfa_challenges
      WHERE user_id = $1 AND created > now() - make_interval(mins => $2)
        AND created > coalesce((SELECT max(completed_at) FROM mfa_challenges WHERE user_id = $1), '-infinity')`,
    [userId, LOCKOUT_MINUTES],
  );
  return rows[0]?.failures ?? 0;
}

/**
 * Refuses the second step while the user's codes are locked. Wrong codes count with their
 * challenge's creation, and a locked user makes no new ones: the lock lifts when the newest
 * challenge that, with the ones after it, holds MFA_LOCK_FAILURES wrong codes leaves the window.
 */
export async function assertMfaAllowed(db: Queryable, userId: string): Promise<void> {
  const { rows } = await db.query<{ failures: number; retry_after: number | null }>(
    `WITH recent AS (
       SELECT created, attempts - CASE WHEN completed_at IS NULL THEN 0 ELSE 1 END AS failures
         FROM mfa_challenges
        WHERE user_id = $1 AND created > now() - make_interval(mins => $2)
          AND created > coalesce((SELECT max(completed_at) FROM mfa_challenges WHERE user_id = $1), '-infinity')
     ), newest_first AS (
       SELECT created, sum(failures) OVER (ORDER BY created DESC) AS failures_since FROM recent
     )
     SELECT coalesce((SELECT sum(failures) FROM recent), 0)::int AS failures,
            extract(epoch FROM (SELECT max(created) FROM newest_first WHERE failures_since >= $3)
                               + make_interval(mins => $2) - now())::float8 AS retry_after`,
    [userId, LOCKOUT_MINUTES, MFA_LOCK_FAILURES],
  );
  const { failures, retry_after } = rows[0]!;
  if (failures >= MFA_LOCK_FAILURES) throw mfaLocked(retry_after ?? 0);
}

/** Tells the user and the administrators of their accounts that the codes were locked. */
export async function reportMfaLock(client: Queryable, userId: string): Promise<number[]> {
  const { rows } = await client.query<{ address: string; language: Language; name: string; email: string }>(
    `SELECT r.email AS address, r.language, u.display_name AS name, u.email
       FROM users u
       JOIN users r ON r.id = u.id OR r.id IN (
              SELECT a.user_id FROM user_customers a JOIN user_roles ar ON ar.user_id = a.user_id
               WHERE ar.role = 'CustomerAdministrator' AND a.user_id <> u.id
                 AND a.customer_id IN (SELECT customer_id FROM user_customers WHERE user_id = u.id))
      WHERE u.id = $1 AND r.enabled`,
    [userId],
  );
  const ids: number[] = [];
  for (const row of rows) {
    const values = {
      name: row.name,
      email: row.email,
      failures: MFA_LOCK_FAILURES,
      minutes: LOCKOUT_MINUTES,
    };
    ids.push(
      await queueEmail(client as PoolClient, row.address, renderMail('mfaLocked', row.language, values)),
    );
  }
  return ids;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const TOTP_PERIOD_SECONDS = 30;
const currentTotpStep = () => Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS);

const totpFor = (secret: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/**
 * The second factor a user must use: required when any of their accounts has MFA enabled (spec 4);
 * the authenticator app wins over e-mail when their accounts disagree.
 */
export async function requiredMfaMethod(
  db: Pick<PoolClient, 'query'>,
  userId: string,
): Promise<MfaType | null> {
  const { rows } = await db.query<{ mfa_type: MfaType }>(
    `SELECT DISTINCT c.mfa_type FROM user_customers uc JOIN customers c ON c.id = uc.customer_id
      WHERE uc.user_id = $1 AND c.is_mfa_enabled`,
    [userId],
  );
  const methods = rows.map((r) => r.mfa_type);
  return methods.includes('app') ? 'app' : methods.includes('email') ? 'email' : null;
}

/**
 * Starts the second step of a sign-in: for the app, an enrolment (new key and QR code) unless the
 * user already enrolled; for e-mail, a one-time code sent to the user's address.
 */
export async function startMfaChallenge(
  db: Database,
  user: { id: string; email: string; firstName: string; language: Language },
  method: MfaType,
  context: ChallengeContext,
): Promise<{ challenge: TMfaChallenge; outboxIds: number[] }> {
  await assertMfaAllowed(db.$client, user.id);
  // A passkey stands in for whichever method the account names (issue 23): the page offers it first.
  const offer = (await countPasskeys(db.$client, user.id)) > 0 ? { passkeys: true as const } : {};
  return inTransaction(db.$client, async (client) => {
    const expires = `now() + make_interval(mins => ${MFA_CODE_MINUTES})`;
    if (method === 'app') {
      const { rows } = await client.query<{ totp_secret: string | null }>(
        'SELECT totp_secret FROM user_mfa WHERE user_id = $1',
        [user.id],
      );
      const enrolled = rows[0]?.totp_secret;
      const pendingSecret = enrolled ? null : new Secret({ size: 20 }).base32;
      const inserted = await client.query<{ id: string }>(
        `INSERT INTO mfa_challenges (user_id, method, pending_secret, context, expires_at) VALUES ($1, 'app', $2, $3, ${expires}) RETURNING id`,
        [user.id, pendingSecret, context],
      );
      const challengeId = inserted.rows[0]!.id;
      if (!pendingSecret)
        return { challenge: { mfaRequired: true, challengeId, method, ...offer }, outboxIds: [] };
      const otpauthUrl = totpFor(pendingSecret, user.email).toString();
      const qrCode = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 });
      return {
        challenge: {
          mfaRequired: true,
          challengeId,
          method,
          enrolment: { secret: pendingSecret, otpauthUrl, qrCode },
          ...offer,
        },
        outboxIds: [],
      };
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const inserted = await client.query<{ id: string }>(
      `INSERT INTO mfa_challenges (user_id, method, code_hash, context, expires_at) VALUES ($1, 'email', $2, $3, ${expires}) RETURNING id`,
      [user.id, sha256(code), context],
    );
    const outboxId = await queueEmail(
      client,
      user.email,
      renderMail('mfaCode', user.language, { firstName: user.firstName, code, minutes: MFA_CODE_MINUTES }),
    );
    return {
      challenge: { mfaRequired: true, challengeId: inserted.rows[0]!.id, method, ...offer },
      outboxIds: [outboxId],
    };
  });
}

/**
 * Checks a code against its challenge (at most five tries, ten minutes, and MFA_LOCK_FAILURES wrong
 * codes per user across challenges). A first authenticator code completes the enrolment. Answers
 * the user and what the challenge was for; the lock notice mails go to `deliverEmails`.
 */
export async function verifyMfaChallenge(
  db: Database,
  challengeId: string,
  code: string,
  deliverEmails: (outboxIds: number[]) => Promise<void>,
): Promise<{ userId: string; context: ChallengeContext }> {
  let lockNotices: number[] = [];
  try {
    return await checkChallengeCode(db, challengeId, code, (ids) => {
      lockNotices = ids;
    });
  } finally {
    if (lockNotices.length > 0) await deliverEmails(lockNotices);
  }
}

async function checkChallengeCode(
  db: Database,
  challengeId: string,
  code: string,
  onLocked: (outboxIds: number[]) => void,
): Promise<{ userId: string; context: ChallengeContext }> {
  return inTransaction(db.$client, async (client) => {
    const { rows: owners } = await client.query<{ user_id: string }>(
      'SELECT user_id FROM mfa_challenges WHERE id = $1',
      [challengeId],
    );
    // Serialises the user's code checks, so parallel guesses cannot overrun the lock.
    if (owners[0]) {
      await client.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [owners[0].user_id]);
      await assertMfaAllowed(client, owners[0].user_id);
    }
    const { rows } = await client.query<{
      user_id: string;
      method: MfaType;
      code_hash: string | null;
      pending_secret: string | null;
      context: ChallengeContext;
      email: string;
      totp_secret: string | null;
      totp_last_step: number | null;
    }>(
      `UPDATE mfa_challenges c SET attempts = attempts + 1
         FROM users u LEFT JOIN user_mfa m ON m.user_id = u.id
        WHERE c.id = $1 AND u.id = c.user_id AND c.completed_at IS NULL AND c.expires_at > now() AND c.attempts < $2
       RETURNING c.user_id, c.method, c.code_hash, c.pending_secret, c.context, u.email, m.totp_secret, m.totp_last_step`,
      [challengeId, MAX_ATTEMPTS],
    );
    const challenge = rows[0];
    if (!challenge) throw invalidCode();
    let valid: boolean;
    let totpStep: number | null = null;
    if (challenge.method === 'email') {
      const expected = Buffer.from(challenge.code_hash ?? '', 'hex');
      const given = Buffer.from(sha256(code), 'hex');
      valid = expected.length === given.length && timingSafeEqual(expected, given);
    } else {
      const secret = challenge.pending_secret ?? challenge.totp_secret;
      const delta =
        secret === null ? null : totpFor(secret, challenge.email).validate({ token: code, window: 1 });
      totpStep = delta === null ? null : currentTotpStep() + delta;
      // RFC 6238, 5.2: a code is accepted once, so an observed code cannot be replayed.
      const lastStep = challenge.pending_secret ? null : challenge.totp_last_step;
      valid = totpStep !== null && (lastStep === null || totpStep > lastStep);
    }
    if (!valid) {
      // The failed try (and a lock notice) must be kept even though the request fails.
      if ((await recentMfaFailures(client, challenge.user_id)) === MFA_LOCK_FAILURES)
        onLocked(await reportMfaLock(client, challenge.user_id));
      await client.query('COMMIT');
      await client.query('BEGIN');
      throw invalidCode();
    }
    await client.query('UPDATE mfa_challenges SET completed_at = now() WHERE id = $1', [challengeId]);
    if (challenge.method === 'app' && challenge.pending_secret) {
      await client.query(
        `INSERT INTO user_mfa (user_id, totp_secret, totp_enrolled_at, totp_last_step) VALUES ($1, $2, now(), $3)
         ON CONFLICT (user_id) DO UPDATE
           SET totp_secret = EXCLUDED.totp_secret, totp_enrolled_at = now(), totp_last_step = EXCLUDED.totp_last_step`,
        [challenge.user_id, challenge.pending_secret, totpStep],
      );
    } else if (challenge.method === 'app') {
      await client.query('UPDATE user_mfa SET totp_last_step = $2 WHERE user_id = $1', [
        challenge.user_id,
        totpStep,
      ]);
    }
    if (challenge.method === 'email') {
      await client.query(
        `INSERT INTO user_mfa (user_id, email_enrolled_at) VALUES ($1, now())
         ON CONFLICT (user_id) DO UPDATE SET email_enrolled_at = coalesce(user_mfa.email_enrolled_at, now())`,
        [challenge.user_id],
      );
    }
    return { userId: challenge.user_id, context: challenge.context };
  });
}

export async function getMfaStatus(db: Database, userId: string): Promise<TMfaStatus> {
  const [required, { rows }] = await Promise.all([
    requiredMfaMethod(db.$client, userId),
    db.$client.query<{ totp_enrolled_at: Date | null; email_enrolled_at: Date | null }>(
      'SELECT totp_enrolled_at, email_enrolled_at FROM user_mfa WHERE user_id = $1',
      [userId],
    ),
  ]);
  return {
    required,
    app: { enrolledAt: rows[0]?.totp_enrolled_at?.toISOString() ?? null },
    email: { enrolledAt: rows[0]?.email_enrolled_at?.toISOString() ?? null },
  };
}
