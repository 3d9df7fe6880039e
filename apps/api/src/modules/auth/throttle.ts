import type { Database } from '../../db/client.ts';
import { minutesOf, TooManyRequestsError } from '../../lib/errors.ts';

export const LOCKOUT_FAILURES = 5;
export const LOCKOUT_MINUTES = 15;
export const ADDRESS_FAILURES = 50;

/**
 * Refuses a sign-in while the e-mail address has had LOCKOUT_FAILURES failures in a row within
 * LOCKOUT_MINUTES, or the caller's address has had too many failures. Attempts are counted per
 * normalised e-mail address (`normalizeEmail`, the caller's job), whether or not such a user
 * exists, so the answer reveals nothing. Refused attempts are not recorded, so a lock lifts when
 * the LOCKOUT_FAILURES-th newest failure (ADDRESS_FAILURES-th of the address) leaves the window:
 * Retry-After says when.
 */
export async function assertSignInAllowed(db: Database, email: string, ipAddress: string): Promise<void> {
  const { rows } = await db.$client.query<{
    account_failures: number;
    address_failures: number;
    account_retry_after: number | null;
    address_retry_after: number | null;
  }>(
    `WITH recent AS (
       SELECT email, ip_address, succeeded, at FROM sign_in_attempts
        WHERE at > now() - make_interval(mins => $3) AND (email = $1 OR ip_address = $2)
     ), account AS (
       SELECT at FROM recent
        WHERE email = $1 AND NOT succeeded
          AND at > coalesce((SELECT max(at) FROM sign_in_attempts WHERE email = $1 AND succeeded), '-infinity')
     ), address AS (
       SELECT at FROM recent WHERE ip_address = $2 AND NOT succeeded
     )
     SELECT (SELECT count(*) FROM account)::int AS account_failures,
            (SELECT count(*) FROM address)::int AS address_failures,
            extract(epoch FROM (SELECT at FROM account ORDER BY at DESC OFFSET $4::int - 1 LIMIT 1)
                               + make_interval(mins => $3) - now())::float8 AS account_retry_after,
            extract(epoch FROM (SELECT at FROM address ORDER BY at DESC OFFSET $5::int - 1 LIMIT 1)
                               + make_interval(mins => $3) - now())::float8 AS address_retry_after`,
    [email, ipAddress, LOCKOUT_MINUTES, LOCKOUT_FAILURES, ADDRESS_FAILURES],
  );
  const counts = rows[0]!;
  const addressLocked = counts.address_failures >= ADDRESS_FAILURES;
  if (counts.account_failures >= LOCKOUT_FAILURES) {
    // A retry succeeds only once the caller's address is no longer locked either.
    const seconds = Math.max(
      counts.account_retry_after ?? 0,
      addressLocked ? (counts.address_retry_after ?? 0) : 0,
    );
    throw new TooManyRequestsError(
      'ACCOUNT_LOCKED',
      `Too many failed sign-in attempts. Try again in ${minutesOf(seconds)}.`,
      seconds,
    );
  }
  if (addressLocked) {
    const seconds = counts.address_retry_after ?? 0;
    throw new TooManyRequestsError(
      'RATE_LIMITED',
      `Too many sign-in attempts from your address. Try again in ${minutesOf(seconds)}.`,
      seconds,
    );
  }
}

export async function recordSignInAttempt(
  db: Database,
  email: string,
  ipAddress: string,
  succeeded: boolean,
): Promise<void> {
  await db.$client.query('INSERT INTO sign_in_attempts (email, ip_address, succeeded) VALUES ($1, $2, $3)', [
    email,
    ipAddress,
    succeeded,
  ]);
}
