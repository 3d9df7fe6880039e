import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { migrationsDir } from '../lib/paths.ts';

/** Arbitrary constant: the advisory lock that lets only one instance migrate at a time. */
const MIGRATION_LOCK = 7_311_001;

/** Applies the versioned migrations in apps/api/drizzle that this database has not seen yet. */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    // An index on millions of rows may take minutes: the pool's statement limit is for requests.
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle({ client }), { migrationsFolder: migrationsDir });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release(true); // closed: its statement limit is lifted
  }
}
