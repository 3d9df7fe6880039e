import { createHash, randomBytes } from 'node:crypto';
import type { PoolClient } from 'pg';
import type { Database } from '../../db/client.ts';
import { announceSessionsEnded } from './session-events.ts';

export const SESSION_DAYS = 30;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newSecretToken = () => randomBytes(32).toString('base64url');

export type SessionMeta = { userAgent?: string; ipAddress?: string };

type Queryable = Pick<PoolClient, 'query'>;

/** Starts a session; the refresh token is returned once and only its hash is stored. */
export async function createSession(
  db: Queryable,
  userId: string,
  meta: SessionMeta,
): Promise<{ sessionId: string; refreshToken: string }> {
  const refreshToken = newSecretToken();
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO sessions (user_id, refresh_token_hash, expires_at, user_agent, ip_address)
     VALUES ($1, $2, now() + make_interval(days => $3), $4, $5) RETURNING id`,
    [
      userId,
      hashToken(refreshToken),
      SESSION_DAYS,
      meta.userAgent?.slice(0, 300) ?? null,
      meta.ipAddress ?? null,
    ],
  );
  return { sessionId: rows[0]!.id, refreshToken };
}

/**
 * Exchanges a refresh token for a new one (rotation): the old one stops working and is kept as
 * retired. Answers nothing for an unknown, revoked or expired token. A retired token presented
 * again means two parties hold copies of the session (OAuth 2.0 Security BCP, 4.14.2): the whole
 * session ends, the newer token and its access tokens with it. Two tabs refreshing with the same
 * token at once look the same, so the web app renews one tab at a time.
 */
export async function rotateSession(
  db: Database,
  refreshToken: string,
): Promise<
  { sessionId: string; userId: string; email: string; refreshToken: string; signedInAt: Date } | undefined
> {
  const next = newSecretToken();
  const presented = hashToken(refreshToken);
  const { rows } = await db.$client.query<{ id: string; user_id: string; email: string; created: Date }>(
    `WITH rotated AS (
       UPDATE sessions s SET refresh_token_hash = $2, last_used_at = now()
         FROM users u
        WHERE s.refresh_token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
          AND u.id = s.user_id AND u.enabled
       RETURNING s.id, s.user_id, u.email, s.created),
     retired AS (INSERT INTO retired_refresh_tokens (token_hash, session_id) SELECT $1, id FROM rotated)
     SELECT id, user_id, email, created FROM rotated`,
    [presented, hashToken(next)],
  );
  const row = rows[0];
  if (row) {
    return {
      sessionId: row.id,
      userId: row.user_id,
      email: row.email,
      refreshToken: next,
      signedInAt: row.created,
    };
  }
  const { rows: replayed } = await db.$client.query<{ user_id: string }>(
    `UPDATE sessions SET revoked_at = now()
      WHERE id = (SELECT session_id FROM retired_refresh_tokens WHERE token_hash = $1) AND revoked_at IS NULL
     RETURNING user_id`,
    [presented],
  );
  if (replayed[0]) await announceSessionsEnded(db.$client, replayed[0].user_id);
  return undefined;
}

export async function revokeSessionById(db: Queryable, sessionId: string): Promise<void> {
  const { rows } = await db.query<{ user_id: string }>(
    'UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING user_id',
    [sessionId],
  );
  if (rows[0]) await announceSessionsEnded(db, rows[0].user_id);
}

export async function revokeSessionByRefreshToken(db: Queryable, refreshToken: string): Promise<void> {
  const { rows } = await db.query<{ user_id: string }>(
    'UPDATE sessions SET revoked_at = now() WHERE refresh_token_hash = $1 AND revoked_at IS NULL RETURNING user_id',
    [hashToken(refreshToken)],
  );
  if (rows[0]) await announceSessionsEnded(db, rows[0].user_id);
}

/** Ends every own session of a user, except optionally the one in use (see endUserSessions). */
export async function revokeUserSessions(
  db: Queryable,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  await db.query(
    'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2)',
    [userId, exceptSessionId ?? null],
  );
}
