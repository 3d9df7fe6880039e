import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

export const LOCKOUT_FAILURES = 5;
export const LOCKOUT_MINUTES = 15;
export const ADDRESS_FAILURES = 50;

/**
 * Refuses a sign-in while the e-mail address has had LOCKOUT_FAILURES failures in a row within
 * LOCKOUT_MINUTES, or the caller's address has had too many failures. Attempts are counted per
 * normalised e-mail address (`normalizeEmail`, the caller's job), whether or not such a user
 * exists, so the answer reveals nothing.
 */
export async function assertSignInAllowed(db: Database, email: string, ipAddress: string): Promise<void> {
  const { rows } = await db.$client.query<{ account_failures: number; address_failures: number }>(
    `SELECT count(*) FILTER (
              WHERE email = $1 AND NOT succeeded
                AND at > coalesce((SELECT max(at) FROM sign_in_attempts WHERE email = $1 AND succeeded), '-infinity'))::int
              AS account_failures,
            count(*) FILTER (WHERE ip_address = $2 AND NOT succeeded)::int AS address_failures
       FROM sign_in_attempts
      WHERE at > now() - make_interval(mins => $3) AND (email = $1 OR ip_address = $2)`,
    [email, ipAddress, LOCKOUT_MINUTES],
  );
  const counts = rows[0]!;
  if (counts.account_failures >= LOCKOUT_FAILURES) {
    throw new AppError(
      429,
      'ACCOUNT_LOCKED',
      'Too Many Requests',
      `Too many failed sign-in attempts. Try again in ${LOCKOUT_MINUTES} minutes.`,
    );
  }
  if (counts.address_failures >= ADDRESS_FAILURES) {
    throw new AppError(
      429,
      'RATE_LIMITED',
      'Too Many Requests',
      'Too many sign-in attempts from your address. Try again later.',
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
