import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TTrackingFile, TListTrackingFilesResponse } from '@service-hub/contracts';
import { dropDatabase, withDatabase } from '../../test/global-setup.ts';
import { createTestApp, type TestContext } from '../../test/helpers.ts';
import { documentCountDrift, insertTrackingFile } from '../../test/tracking-fixtures.ts';
import { migrationsDir } from '../lib/paths.ts';
import { createTrackingPartitions } from './create-tracking-partitions.job.ts';
import { purgeExpiredTracking } from './tracking-retention.ts';

const TABLES = [
  'delivery_document_events',
  'delivery_documents',
  'tracking_documents',
  'tracking_file_events',
  'tracking_files',
];

describe('[JOBS] monthly partitions of the tracking tables', () => {
  let ctx: TestContext;
  let malardalen: number;
  let user: string;
  const q = <R extends pg.QueryResultRow>(sql: string, values: unknown[] = []) =>
    ctx.db.$client.query<R>(sql, values);
  const exists = async (name: string) =>
    (await q<{ e: boolean }>('SELECT to_regclass($1) IS NOT NULL AS e', [name])).rows[0]!.e;

  beforeAll(async () => {
    ctx = await createTestApp();
    malardalen = await ctx.customerId('Mälardalens Vatten AB');
    user = await ctx.tokenFor('user@example.com');
  });
  afterAll(() => ctx.close());

  it('has the five tables partitioned, the demo rows in their months and none in DEFAULT', async () => {
    const parents = await q<{ t: string }>(
      `SELECT c.relname AS t FROM pg_partitioned_table p JOIN pg_class c ON c.oid = p.partrelid
        WHERE c.relnamespace = 'public'::regnamespace ORDER BY 1`,
    );
    expect(parents.rows.map((r) => r.t)).toEqual(TABLES);
    const defaults = await q<{ n: number }>(
      `SELECT (SELECT count(*) FROM tracking_files_default) + (SELECT count(*) FROM tracking_documents_default)
            + (SELECT count(*) FROM tracking_file_events_default)
            + (SELECT count(*) FROM delivery_documents_default) AS n`,
    );
    expect(Number(defaults.rows[0]!.n)).toBe(0);
    // Every document of the demo has its key, so ingestion finds it.
    const keys = await q<{ documents: number; keys: number }>(
      `SELECT (SELECT count(*)::int FROM tracking_documents) AS documents,
              (SELECT count(*)::int FROM tracking_document_keys) AS keys`,
    );
    expect(keys.rows[0]!.keys).toBe(keys.rows[0]!.documents);
  });

  it('is queued and run once when a worker starts', async () => {
    await expect
      .poll(
        async () =>
          (
            await q<{ state: string }>(
              `SELECT state FROM pgboss.job WHERE name = 'create-tracking-partitions.v1' ORDER BY created_on`,
            )
          ).rows.map((r) => r.state),
        { timeout: 15_000, interval: 200 },
      )
      .toEqual(['completed']);
  });

  it('creates the months asked for once, and leaves a month alone whose rows sit in DEFAULT', async () => {
    const created = await createTrackingPartitions(
      ctx.db.$client,
      new Date('2031-01-15T00:00:00Z'),
      new Date('2031-03-01T00:00:00Z'),
    );
    expect(created).toHaveLength(15);
    expect(new Set(created.map((c) => c.outcome))).toEqual(new Set(['created']));
    expect(await exists('tracking_files_y2031m03')).toBe(true);
    expect(await exists('delivery_document_events_y2031m01')).toBe(true);
    expect(
      await createTrackingPartitions(
        ctx.db.$client,
        new Date('2031-01-01T00:00:00Z'),
        new Date('2031-03-31T00:00:00Z'),
      ),
    ).toEqual([]);

    // A file from a month without partitions lands in DEFAULT and still works.
    const { fileId } = await insertTrackingFile(ctx.db, {
      customerId: malardalen,
      filename: 'far-future.xml',
      arrivedAt: '2032-05-10T10:00:00Z',
      documents: [{ externalDocumentId: 'FAR-1', deliveries: [{ channel: 'email', status: 'delivered' }] }],
    });
    const stored = await q<{ t: string }>(
      'SELECT tableoid::regclass::text AS t FROM tracking_files WHERE id = $1',
      [fileId],
    );
    expect(stored.rows[0]!.t).toBe('tracking_files_default');
    const outcomes = await createTrackingPartitions(
      ctx.db.$client,
      new Date('2032-05-01T00:00:00Z'),
      new Date('2032-05-01T00:00:00Z'),
    );
    expect(outcomes).toEqual(
      expect.arrayContaining([
        { partition: 'tracking_files_y2032m05', outcome: 'blockedByDefault' },
        { partition: 'tracking_documents_y2032m05', outcome: 'blockedByDefault' },
        { partition: 'tracking_file_events_y2032m05', outcome: 'created' },
      ]),
    );
    const detail = await ctx.app.inject({
      url: `/api/tracking/stt/files/${fileId}?activeAccountId=${malardalen}`,
      headers: { authorization: `Bearer ${user}` },
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json<TTrackingFile>()).toMatchObject({ id: fileId, filename: 'far-future.xml' });
  });

  it('drops whole months past the retention and deletes the rest of the expired rows', async () => {
    // A file of August whose document was created in October: it goes with its file.
    const { fileId: straggler } = await insertTrackingFile(ctx.db, {
      customerId: malardalen,
      filename: 'straggler.xml',
      arrivedAt: '2026-08-25T10:00:00Z',
    });
    await q(
      `INSERT INTO tracking_documents (file_id, file_arrived_at, customer_id, external_document_id, status, created_at)
       VALUES ($1, '2026-08-25T10:00:00Z', $2, 'STRAGGLER-1', 'Delivered', '2026-10-05T10:00:00Z'),
              ($1, '2026-08-25T10:00:00Z', $2, 'ANCIENT-1', 'Delivered', '2025-01-10T10:00:00Z')`,
      [straggler, malardalen],
    );
    expect(
      (
        await q(
          `SELECT tableoid::regclass::text AS p FROM tracking_documents WHERE external_document_id = 'ANCIENT-1'`,
        )
      ).rows[0],
    ).toEqual({ p: 'tracking_documents_default' });
    expect(await purgeExpiredTracking(ctx.db.$client, 0, new Date('2026-11-20T12:00:00Z'))).toEqual({
      droppedPartitions: [],
      deletedFiles: 0,
      deletedDocuments: 0,
    });

    // Two months back from the demo's clock: August goes whole, September up to the 20th by rows.
    const purged = await purgeExpiredTracking(ctx.db.$client, 2, new Date('2026-11-20T12:00:00Z'));
    expect(purged.droppedPartitions).toEqual(TABLES.map((t) => `${t}_y2026m08`));
    expect(purged.deletedFiles).toBeGreaterThan(0);
    expect(purged.deletedDocuments).toBeGreaterThan(0);
    for (const table of TABLES) expect(await exists(`${table}_y2026m08`)).toBe(false);
    const left = await q<{
      oldest_file: Date;
      oldest_document: Date;
      straggler: number;
      orphan_keys: number;
    }>(
      `SELECT (SELECT min(arrived_at) FROM tracking_files) AS oldest_file,
              (SELECT min(created_at) FROM tracking_documents) AS oldest_document,
              (SELECT count(*)::int FROM tracking_documents WHERE external_document_id IN ('STRAGGLER-1', 'ANCIENT-1')) AS straggler,
              (SELECT count(*)::int FROM tracking_document_keys k WHERE NOT EXISTS
                 (SELECT 1 FROM tracking_documents d WHERE d.id = k.document_id)) AS orphan_keys`,
    );
    const cutoff = new Date('2026-09-20T12:00:00Z').getTime();
    expect(left.rows[0]!.oldest_file.getTime()).toBeGreaterThanOrEqual(cutoff);
    expect(left.rows[0]!.oldest_document.getTime()).toBeGreaterThanOrEqual(cutoff);
    expect(left.rows[0]).toMatchObject({ straggler: 0, orphan_keys: 0 });
    expect(await exists('tracking_files_y2026m09')).toBe(true);

    // The lists see the same: nothing before the cutoff, the rest as before.
    const list = await ctx.app.inject({
      url: `/api/tracking/stt/files?activeAccountId=${malardalen}&dateOperator=between&fromDate=2026-08-01&toDate=2026-11-20&sortBy=arrivedAt&sortDirection=asc&pageSize=10`,
      headers: { authorization: `Bearer ${user}` },
    });
    expect(list.statusCode, list.body).toBe(200);
    const first = list.json<TListTrackingFilesResponse>().result[0]!;
    expect(new Date(first.arrivedAt).getTime()).toBeGreaterThanOrEqual(cutoff);

    // The overview's counts lost what the partitions and the row deletes took, nothing more.
    expect(await documentCountDrift(ctx.db.$client)).toEqual([]);

    // Nothing left to do the next night.
    expect(await purgeExpiredTracking(ctx.db.$client, 2, new Date('2026-11-20T12:00:00Z'))).toEqual({
      droppedPartitions: [],
      deletedFiles: 0,
      deletedDocuments: 0,
    });
  });
});

describe('[MIGRATION] 0017 partitions tracking tables that hold rows', () => {
  const serverUrl = inject('databaseServerUrl');
  const name = `migration_${randomUUID().replaceAll('-', '')}`;
  let pool: pg.Pool;
  let folder: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    pool = new pg.Pool({ connectionString: withDatabase(serverUrl, name), max: 2 });
    // The migrations up to 0016, as an installation has them before this change.
    folder = await mkdtemp(join(tmpdir(), 'migrations-0016-'));
    await cp(migrationsDir, folder, { recursive: true });
    await unlink(join(folder, '0017_tracking-partitions.sql'));
    const journalPath = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((e) => e.idx < 17);
    await writeFile(journalPath, JSON.stringify(journal));
  });
  afterAll(async () => {
    await pool?.end();
    await dropDatabase(serverUrl, name);
    await rm(folder, { recursive: true, force: true });
  });

  it('keeps every row, id and reference, fills the copied times and the keys, and continues the ids', async () => {
    await migrate(drizzle({ client: pool }), { migrationsFolder: folder });
    await pool.query(
      `INSERT INTO markets (code, name, support_email) VALUES ('SE', 'Sweden', 'support@example.com')`,
    );
    await pool.query(
      `INSERT INTO customers (id, customer_number, name, market, created_by, modified_by)
       VALUES (9001, '900100', 'Migration AB', 'SE', 'test', 'test')`,
    );
    // Three months of files with documents, deliveries and both logs.
    await pool.query(
      `INSERT INTO tracking_files (id, customer_id, external_id, filename, status, arrived_at)
       SELECT g, 9001, CASE WHEN g % 2 = 0 THEN 'REF-' || g END, 'f' || g || '.xml', 'Delivered',
              '2026-08-01T00:00:00Z'::timestamptz + make_interval(days => g)
         FROM generate_series(1, 90) g`,
    );
    await pool.query(
      `INSERT INTO tracking_file_events (id, file_id, step, occurred_at)
       SELECT g, 1 + g % 90, 'received', now() FROM generate_series(1, 200) g`,
    );
    await pool.query(
      `INSERT INTO tracking_documents (id, file_id, customer_id, external_document_id, status, created_at)
       SELECT g, f.id, 9001, 'DOC-' || g, 'Delivered', f.arrived_at + interval '40 days'
         FROM generate_series(1, 300) g JOIN tracking_files f ON f.id = 1 + g % 90`,
    );
    await pool.query(
      `INSERT INTO delivery_documents (id, document_id, delivery_document_id, channel, status, status_at)
       SELECT g, 1 + g % 300, 'DD-' || g, 'email', 'delivered', now() FROM generate_series(1, 400) g`,
    );
    await pool.query(
      `INSERT INTO delivery_document_events (id, delivery_id, status, occurred_at)
       SELECT g, 1 + g % 400, 'delivered', now() FROM generate_series(1, 500) g`,
    );
    const snapshot = async () =>
      (
        await pool.query<Record<string, string>>(
          `SELECT (SELECT count(*) || ':' || sum(id) || ':' || sum(extract(epoch FROM arrived_at)) FROM tracking_files) AS files,
                  (SELECT count(*) || ':' || sum(id * file_id) FROM tracking_file_events) AS file_events,
                  (SELECT count(*) || ':' || sum(id * file_id) || ':' || sum(extract(epoch FROM created_at)) FROM tracking_documents) AS documents,
                  (SELECT count(*) || ':' || sum(id * document_id) FROM delivery_documents) AS deliveries,
                  (SELECT count(*) || ':' || sum(id * delivery_id) FROM delivery_document_events) AS delivery_events`,
        )
      ).rows[0];
    const before = await snapshot();

    await migrate(drizzle({ client: pool }), { migrationsFolder: migrationsDir });

    expect(await snapshot()).toEqual(before);
    const checks = await pool.query<Record<string, number | string>>(
      `SELECT (SELECT count(*)::int FROM pg_partitioned_table p JOIN pg_class c ON c.oid = p.partrelid
                WHERE c.relnamespace = 'public'::regnamespace) AS partitioned,
              (SELECT count(*)::int FROM tracking_documents d JOIN tracking_files f ON f.id = d.file_id
                WHERE d.file_arrived_at <> f.arrived_at) AS wrong_file_times,
              (SELECT count(*)::int FROM delivery_documents dd JOIN tracking_documents d ON d.id = dd.document_id
                WHERE dd.document_created_at <> d.created_at) AS wrong_document_times,
              (SELECT count(*)::int FROM delivery_document_events ev JOIN delivery_documents dd ON dd.id = ev.delivery_id
                WHERE ev.document_created_at <> dd.document_created_at) AS wrong_delivery_times,
              (SELECT count(*)::int FROM tracking_file_keys) AS file_keys,
              (SELECT count(*)::int FROM tracking_document_keys) AS document_keys,
              (SELECT count(*)::int FROM tracking_files_default) AS files_in_default,
              (SELECT tableoid::regclass::text FROM tracking_files WHERE id = 2) AS august_file`,
    );
    expect(checks.rows[0]).toEqual({
      partitioned: 5,
      wrong_file_times: 0,
      wrong_document_times: 0,
      wrong_delivery_times: 0,
      file_keys: 45,
      document_keys: 300,
      files_in_default: 0,
      august_file: 'tracking_files_y2026m08',
    });
    // The data's span plus three months ahead of today exist.
    const months = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_inherits WHERE inhparent = 'tracking_files'::regclass`,
    );
    expect(months.rows[0]!.n).toBeGreaterThanOrEqual(4 + 1); // August to November and DEFAULT
    const next = await pool.query<{ id: string }>(
      `INSERT INTO tracking_files (customer_id, filename, status, arrived_at)
       VALUES (9001, 'after.xml', 'Delivered', now()) RETURNING id`,
    );
    expect(Number(next.rows[0]!.id)).toBe(91);
    // 0018 counted the documents that were there for the overview.
    expect(await documentCountDrift(pool)).toEqual([]);
  });
});
