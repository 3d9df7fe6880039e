import type { PoolClient } from 'pg';

/**
 * Counts one use of `key` in its fixed window, in the `rate_limits` table every instance shares:
 * the count so far and the milliseconds until the window ends. On a transaction's client the count
 * is part of that transaction.
 */
export async function countInRateWindow(
  client: Pick<PoolClient, 'query'>,
  key: string,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  const { rows } = await client.query<{ count: number; ttl: number }>(
    `INSERT INTO rate_limits AS r (key, count, expires_at)
     VALUES ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN r.expires_at <= now() THEN 1 ELSE r.count + 1 END,
       expires_at = CASE WHEN r.expires_at <= now() THEN EXCLUDED.expires_at ELSE r.expires_at END
     RETURNING count, greatest(0, extract(epoch FROM expires_at - now()) * 1000)::float8 AS ttl`,
    [key, windowMs],
  );
  return { current: rows[0]!.count, ttl: rows[0]!.ttl };
}
