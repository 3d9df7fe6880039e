import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { migrationsDir } from '../lib/paths.ts';
import { buildConcurrentIndexes, CONCURRENT_INDEXES, type ConcurrentIndex } from './concurrent-indexes.ts';

/** Arbitrary constant: the advisory lock that lets only one instance migrate at a time. */
const MIGRATION_LOCK = 7_311_001;

/**
 * How long a migration statement may wait for a table lock. A statement waiting for a lock
 * makes every later request on that table queue behind it, so the wait itself is the outage:
 * past this, the migration gives up instead (docs/operations.md, "Rolling upgrades").
 */
export const MIGRATION_LOCK_TIMEOUT = '1s';

/** Pauses before each new try after a lock timeout: about half a minute in all. */
const LOCK_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000];

export type MigrationOptions = {
  /** Told each time the pending migrations were rolled back on a lock timeout and will be tried again. */
  onLockTimeout?: (message: string) => void;
  /** Tests: another folder of migrations, other indexes, shorter pauses. */
  migrationsFolder?: string;
  concurrentIndexes?: readonly ConcurrentIndex[];
  retryDelaysMs?: readonly number[];
};

/** How often an instance that finds another one migrating asks again. */
const MIGRATION_LOCK_POLL_MS = 250;

/**
 * Takes the migration lock, asking again while another instance holds it rather than waiting in
 * `pg_advisory_lock`: a statement waiting there keeps a snapshot open, and the other instance's
 * `CREATE INDEX CONCURRENTLY` (concurrent-indexes.ts) waits for every older snapshot to end: each
 * would wait for the other.
 */
async function waitForMigrationLock(client: pg.PoolClient): Promise<void> {
  for (;;) {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
      MIGRATION_LOCK,
    ]);
    if (rows[0]?.locked) return;
    await new Promise((resolve) => setTimeout(resolve, MIGRATION_LOCK_POLL_MS));
  }
}

/** PostgreSQL's `lock_not_available`: `lock_timeout` expired (drizzle wraps it as the cause). */
function isLockTimeout(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    if ('code' in e && e.code === '55P03') return true;
  }
  return false;
}

/**
 * Applies the versioned migrations in apps/api/drizzle that this database has not seen yet.
 * drizzle runs all pending files in one transaction, so a lock timeout rolls the whole batch
 * back (nothing half-applied); it is tried again after a pause, then the error is thrown.
 * Then, outside that transaction, builds the indexes of concurrent-indexes.ts still missing.
 */
export async function runMigrations(pool: pg.Pool, options: MigrationOptions = {}): Promise<void> {
  const retryDelaysMs = options.retryDelaysMs ?? LOCK_RETRY_DELAYS_MS;
  const client = await pool.connect();
  try {
    // An index on millions of rows may take minutes: the pool's statement limit is for requests.
    await client.query('SET statement_timeout = 0');
    await waitForMigrationLock(client);
    // Only after the advisory lock: waiting for another instance's migration blocks no request.
    await client.query(`SET lock_timeout = '${MIGRATION_LOCK_TIMEOUT}'`);
    for (let attempt = 0; ; attempt++) {
      try {
        await migrate(drizzle({ client }), { migrationsFolder: options.migrationsFolder ?? migrationsDir });
        break;
      } catch (error) {
        const delayMs = retryDelaysMs[attempt];
        if (!isLockTimeout(error) || delayMs === undefined) throw error;
        options.onLockTimeout?.(
          `migrations waited more than ${MIGRATION_LOCK_TIMEOUT} for a table lock and were rolled back; trying again in ${delayMs} ms`,
        );
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    }
    await buildConcurrentIndexes(client, options.concurrentIndexes ?? CONCURRENT_INDEXES, { retryDelaysMs });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release(true); // closed: its statement and lock limits are lifted
  }
}
