import type { PoolClient } from 'pg';
import { minutesOf, TooManyRequestsError } from '../../lib/errors.ts';
import { countInRateWindow } from '../../lib/rate-limit-window.ts';

type Queryable = Pick<PoolClient, 'query'>;

/** Registrations per e-mail address and per client address in one hour. */
export const REGISTRATIONS_PER_ADDRESS = 3;
export const REGISTRATIONS_PER_CLIENT = 20;
const HOUR_MS = 60 * 60 * 1000;

const hoursOrMinutes = (seconds: number) => {
  if (seconds <= 3600) return minutesOf(seconds);
  const hours = Math.ceil(seconds / 3600);
  return hours === 1 ? '1 hour' : `${hours} hours`;
};

/**
 * Counts one use of `key` in the rate-limit window every API instance shares (in the caller's
 * transaction) and refuses with 429 once `max` is passed. Keys here start with `registration:`.
 */
async function countAndCheck(client: Queryable, key: string, max: number, windowMs: number, what: string) {
  const { current, ttl } = await countInRateWindow(client, key, windowMs);
  const seconds = ttl / 1000;
  if (current > max)
    throw new TooManyRequestsError(
      'RATE_LIMITED',
      `Too many ${what}. Try again in ${hoursOrMinutes(seconds)}.`,
      seconds,
    );
}

/**
 * Registrations are limited per address (whether or not it has a user, so the limit tells
 * nothing) and per client address: each sends a mail, and nobody should flood an inbox through us.
 */
export async function assertRegistrationAllowed(client: Queryable, email: string, ipAddress: string) {
  await countAndCheck(
    client,
    `registration:ip:${ipAddress}`,
    REGISTRATIONS_PER_CLIENT,
    HOUR_MS,
    'registrations',
  );
  await countAndCheck(
    client,
    `registration:email:${email}`,
    REGISTRATIONS_PER_ADDRESS,
    HOUR_MS,
    'registrations',
  );
}

/**
 * A person's new requests in the last 24 hours, counted from the requests themselves (withdrawn
 * ones too, so withdrawing does not buy new tries). Callers hold the person's advisory lock.
 */
export async function assertRequestAllowed(client: Queryable, userId: string, perDay: number) {
  const { rows } = await client.query<{ retry_after: number | null }>(
    `SELECT extract(epoch FROM (created + interval '1 day' - now()))::float8 AS retry_after
       FROM access_requests WHERE user_id = $1 AND created > now() - interval '1 day'
      ORDER BY created DESC OFFSET $2::int - 1 LIMIT 1`,
    [userId, perDay],
  );
  const retryAfter = rows[0]?.retry_after;
  if (retryAfter !== undefined && retryAfter !== null)
    throw new TooManyRequestsError(
      'RATE_LIMITED',
      `Too many access requests. Try again in ${hoursOrMinutes(retryAfter)}.`,
      retryAfter,
    );
}
