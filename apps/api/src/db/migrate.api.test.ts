import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import { runMigrations } from './migrate.ts';

/**
 * Two pending migrations, neither setting lock_timeout itself: the first creates a table, the
 * second needs an exclusive lock on a table a request is reading. Their journal times come after
 * the real migrations', which the test database has already applied.
 */
async function writeMigrations(folder: string, run: number): Promise<void> {
  const when = Date.now() + run * 10;
  await mkdir(join(folder, 'meta'), { recursive: true });
  const entries = [
    { tag: `9000_probe-new-${run}`, sql: `CREATE TABLE upgrade_probe_new_${run} (id int);` },
    { tag: `9001_probe-busy-${run}`, sql: `ALTER TABLE upgrade_probe_busy ADD COLUMN added_${run} text;` },
  ];
  for (const entry of entries) await writeFile(join(folder, `${entry.tag}.sql`), entry.sql);
  await writeFile(
    join(folder, 'meta', '_journal.json'),
    JSON.stringify({
      version: '7',
      dialect: 'postgresql',
      entries: entries.map((entry, idx) => ({
        idx,
        version: '7',
        when: when + idx,
        tag: entry.tag,
        breakpoints: true,
      })),
    }),
  );
}

describe('runMigrations under locks held by traffic', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  let reader: pg.Client;
  let folder: string;
  let run = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new pg.Pool({ connectionString: database.url });
    await pool.query('CREATE TABLE upgrade_probe_busy (id int)');
    reader = new pg.Client({ connectionString: database.url });
    await reader.connect();
  });
  afterAll(async () => {
    await reader.end();
    await pool.end();
    await database.drop();
  });
  beforeEach(async () => {
    run += 1;
    folder = await mkdtemp(join(tmpdir(), 'hub-migrations-'));
    await writeMigrations(folder, run);
    return () => rm(folder, { recursive: true, force: true });
  });

  const tableExists = async (name: string) =>
    (await pool.query('SELECT to_regclass($1) IS NOT NULL AS found', [name])).rows[0].found as boolean;
  const columnExists = async (name: string) =>
    (
      await pool.query(
        `SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'upgrade_probe_busy' AND column_name = $1`,
        [name],
      )
    ).rows[0].n === 1;

  it('gives up on a lock after lock_timeout, rolls the whole batch back, tries again, then fails', async () => {
    // A long read: its ACCESS SHARE lock conflicts with ALTER TABLE's ACCESS EXCLUSIVE.
    await reader.query('BEGIN');
    await reader.query('SELECT * FROM upgrade_probe_busy');
    const timeouts: string[] = [];
    try {
      const error = await runMigrations(pool, {
        migrationsFolder: folder,
        retryDelaysMs: [50, 50],
        onLockTimeout: (message) => timeouts.push(message),
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      // lock_not_available, under drizzle's wrapper of the failed statement
      expect(error).toMatchObject({ cause: { code: '55P03' } });
    } finally {
      await reader.query('COMMIT');
    }
    expect(timeouts).toHaveLength(2);
    expect(timeouts[0]).toContain('rolled back; trying again in 50 ms');
    // Nothing half-applied: the first file's table went with the second file's timeout.
    expect(await tableExists(`upgrade_probe_new_${run}`)).toBe(false);
    expect(await columnExists(`added_${run}`)).toBe(false);
  });

  it('applies the batch once the lock is free on a later try', async () => {
    await reader.query('BEGIN');
    await reader.query('SELECT * FROM upgrade_probe_busy');
    const timeouts: string[] = [];
    await runMigrations(pool, {
      migrationsFolder: folder,
      retryDelaysMs: [50, 50, 50],
      // The read ends while the migrations wait for their next try.
      onLockTimeout: (message) => {
        timeouts.push(message);
        void reader.query('COMMIT');
      },
    });
    expect(timeouts).toHaveLength(1);
    expect(await tableExists(`upgrade_probe_new_${run}`)).toBe(true);
    expect(await columnExists(`added_${run}`)).toBe(true);
  });

  it('waits for another instance’s migrations without a lock timeout', async () => {
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock(7311001)');
      const migrating = runMigrations(pool, { migrationsFolder: folder, retryDelaysMs: [] });
      await new Promise((resolve) => setTimeout(resolve, 1_500)); // longer than lock_timeout
      await other.query('SELECT pg_advisory_unlock(7311001)');
      await migrating;
    } finally {
      await other.end();
    }
    expect(await tableExists(`upgrade_probe_new_${run}`)).toBe(true);
  });
});
