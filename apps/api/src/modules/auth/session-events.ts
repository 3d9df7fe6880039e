import type { PoolClient } from 'pg';

/** The PostgreSQL channel on which every API instance hears that sessions of a user ended. */
export const SESSIONS_ENDED_CHANNEL = 'hub_sessions_ended';

/**
 * Tells every instance that some session of the user ended, so each re-checks that user's open
 * notification streams. Inside a transaction PostgreSQL delivers it on commit only.
 */
export async function announceSessionsEnded(db: Pick<PoolClient, 'query'>, userId: string): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [SESSIONS_ENDED_CHANNEL, userId]);
}
