import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import { buildConcurrentIndexes, partitionIndexName, type ConcurrentIndex } from './concurrent-indexes.ts';
import { runMigrations } from './migrate.ts';

describe('indexes built outside the migrations’ transaction', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new pg.Pool({ connectionString: database.url });
    await pool.query(`
      CREATE TABLE probe_plain (id int, v text);
      INSERT INTO probe_plain SELECT n, 'v' || n FROM generate_series(1, 20000) n;
      CREATE TABLE probe_parted (id int, at date NOT NULL, v text) PARTITION BY RANGE (at);
      CREATE TABLE probe_parted_y2026m10 PARTITION OF probe_parted FOR VALUES FROM ('2026-10-01') TO ('2026-11-01');
      CREATE TABLE probe_parted_y2026m11 PARTITION OF probe_parted FOR VALUES FROM ('2026-11-01') TO ('2026-12-01');
      CREATE TABLE probe_parted_default PARTITION OF probe_parted DEFAULT;
      INSERT INTO probe_parted SELECT n, date '2026-10-01' + (n % 90), 'v' || n FROM generate_series(1, 9000) n;
      CREATE TABLE probe_dupes (v text);
      INSERT INTO probe_dupes VALUES ('a'), ('a'), ('b');
    `);
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  const state = async (name: string) =>
    (
      await pool.query<{ valid: boolean; table: string }>(
        `SELECT i.indisvalid AS valid, i.indrelid::regclass::text AS table
           FROM pg_index i WHERE i.indexrelid = to_regclass($1)`,
        [name],
      )
    ).rows[0];
  const withClient = async <T>(work: (client: pg.PoolClient) => Promise<T>) => {
    const client = await pool.connect();
    try {
      return await work(client);
    } finally {
      client.release();
    }
  };

  it('builds an index while the table is being written, without holding the writes up', async () => {
    const index: ConcurrentIndex = { name: 'probe_plain_v_idx', table: 'probe_plain', definition: '(v)' };
    // A transaction that wrote to the table and has not committed: a plain CREATE INDEX would wait
    // for it while every later write queued behind the CREATE INDEX.
    const open = await pool.connect();
    await open.query('BEGIN');
    await open.query(`INSERT INTO probe_plain VALUES (-1, 'open')`);
    let built = false;
    const building = withClient((client) => buildConcurrentIndexes(client, [index])).then(() => {
      built = true;
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Another write goes through at once while the build waits for the open transaction.
      await withClient(async (client) => {
        await client.query(`SET statement_timeout = '2s'`);
        await client.query(`INSERT INTO probe_plain VALUES (-2, 'during the build')`);
      });
      expect(built).toBe(false);
    } finally {
      await open.query('COMMIT');
      open.release();
    }
    await building;
    expect(await state('probe_plain_v_idx')).toEqual({ valid: true, table: 'probe_plain' });
  });

  it('on a partitioned table: the parent ON ONLY, each partition concurrently and attached', async () => {
    const index: ConcurrentIndex = {
      name: 'probe_parted_v_idx',
      table: 'probe_parted',
      definition: '(v, at)',
    };
    await withClient((client) => buildConcurrentIndexes(client, [index]));
    expect(await state('probe_parted_v_idx')).toEqual({ valid: true, table: 'probe_parted' });
    for (const partition of ['probe_parted_y2026m10', 'probe_parted_y2026m11', 'probe_parted_default'])
      expect(await state(partitionIndexName(index, partition))).toEqual({ valid: true, table: partition });
    const attached = await pool.query<{ name: string }>(
      `SELECT inhrelid::regclass::text AS name FROM pg_inherits WHERE inhparent = 'probe_parted_v_idx'::regclass ORDER BY 1`,
    );
    expect(attached.rows.map((r) => r.name)).toEqual([
      'probe_parted_v_idx_default',
      'probe_parted_v_idx_y2026m10',
      'probe_parted_v_idx_y2026m11',
    ]);
    // A month the partition job adds later gets its index from the parent's.
    await pool.query(
      `CREATE TABLE probe_parted_y2027m01 PARTITION OF probe_parted FOR VALUES FROM ('2027-01-01') TO ('2027-02-01')`,
    );
    const later = await pool.query(
      `SELECT 1 FROM pg_index WHERE indrelid = 'probe_parted_y2027m01'::regclass AND indisvalid`,
    );
    expect(later.rowCount).toBe(1);
  });

  it('drops the INVALID leftover of an interrupted build and builds it again', async () => {
    // A unique build that met duplicates fails and leaves its index behind, invalid.
    await expect(
      pool.query('CREATE UNIQUE INDEX CONCURRENTLY probe_dupes_v_key ON probe_dupes (v)'),
    ).rejects.toThrow();
    expect(await state('probe_dupes_v_key')).toEqual({ valid: false, table: 'probe_dupes' });
    await pool.query(
      `DELETE FROM probe_dupes WHERE ctid = (SELECT max(ctid) FROM probe_dupes WHERE v = 'a')`,
    );
    const index: ConcurrentIndex = {
      name: 'probe_dupes_v_key',
      table: 'probe_dupes',
      definition: '(v)',
      unique: true,
    };
    await withClient((client) => buildConcurrentIndexes(client, [index]));
    expect(await state('probe_dupes_v_key')).toEqual({ valid: true, table: 'probe_dupes' });
  });

  it('are built by runMigrations after the migrations, and cost nothing once there', async () => {
    const index: ConcurrentIndex = { name: 'probe_plain_id_idx', table: 'probe_plain', definition: '(id)' };
    await runMigrations(pool, { concurrentIndexes: [index] });
    expect(await state('probe_plain_id_idx')).toEqual({ valid: true, table: 'probe_plain' });
    const oid = (await pool.query<{ oid: number }>(`SELECT 'probe_plain_id_idx'::regclass::oid AS oid`))
      .rows[0]!.oid;
    await runMigrations(pool, { concurrentIndexes: [index] });
    // Not rebuilt: the same index.
    expect(
      (await pool.query<{ oid: number }>(`SELECT 'probe_plain_id_idx'::regclass::oid AS oid`)).rows[0]!.oid,
    ).toBe(oid);
  });

  it('refuses a partition index name PostgreSQL would cut short', () => {
    const index: ConcurrentIndex = { name: 'x'.repeat(60), table: 'probe_parted', definition: '(v)' };
    expect(() => partitionIndexName(index, 'probe_parted_y2026m10')).toThrow(/longer than 63 bytes/);
  });
});
