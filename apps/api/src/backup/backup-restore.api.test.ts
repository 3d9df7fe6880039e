import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import { freePort } from '../db/embedded-postgres.ts';
import { runMigrations } from '../db/migrate.ts';
import { postgresUser } from '../db/postgres-user.ts';
import { seedDemoDataIfEmpty } from '../seed/demo-seed.ts';
import { BackupError } from './backup-error.ts';
import { createBackup } from './backup.ts';
import type { StoreLocations } from './file-store.ts';
import {
  countHubRelations,
  listPartitions,
  listTables,
  tableChecksum,
  useStableTextOutput,
} from './catalog.ts';
import { MANIFEST_FILE, type Manifest } from './manifest.ts';
import { findPgTools } from './pg-tools.ts';
import { restoreBackup } from './restore.ts';

const run = promisify(execFile);

/**
 * The backup and restore against a real PostgreSQL: the seeded test database with a job queue
 * (pg-boss, a dead-letter queue and a waiting job) and files in both stores, restored into new
 * databases; the refusals leave the target as it was. The whole Hub as processes, kept busy while
 * it is backed up, is load/backup.instances.test.ts.
 */
describe('[BACKUP] npm run backup and npm run restore', () => {
  let work: string;
  let serverUrl: string;
  let source: Awaited<ReturnType<typeof createTestDatabase>>;
  let stores: StoreLocations;
  let backupDir: string;
  let manifest: Manifest;
  const databases: string[] = [];

  const withDatabase = (name: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  /** A new, empty database on the test server. */
  const emptyDatabase = async () => {
    const name = `restore_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    databases.push(name);
    return withDatabase(name);
  };
  const folders = (prefix: string): StoreLocations => ({
    reports: { kind: 'directory', dir: join(work, prefix, 'reports') },
    attachments: { kind: 'directory', dir: join(work, prefix, 'attachments') },
  });
  const query = async <T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  };
  const hubRelations = async (url: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await countHubRelations(client);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'hub-backup-'));
    source = await createTestDatabase();
    serverUrl = inject('databaseServerUrl');
    const boss = new PgBoss({ connectionString: source.url, schema: 'pgboss' });
    await boss.start();
    await boss.createQueue('backup-test-dead.v1');
    await boss.createQueue('backup-test.v1', { name: 'backup-test.v1', deadLetter: 'backup-test-dead.v1' });
    await boss.send('backup-test.v1', { waiting: true });
    await boss.stop({ graceful: true, wait: true });
    // A month long past, as an old installation has (the migration creates only recent ones).
    await query(source.url, "SELECT create_tracking_partitions('2019-03-01', '2019-03-01')");
    stores = folders('source');
    const reports = stores.reports as { dir: string };
    const attachments = stores.attachments as { dir: string };
    await mkdir(join(reports.dir, '2026', '11'), { recursive: true });
    await writeFile(join(reports.dir, '2026', '11', 'report-1.csv'), 'document;status\n1;delivered\n');
    await writeFile(join(reports.dir, '2026', '11', 'report-2.xlsx.part'), 'unfinished write, not backed up');
    await mkdir(attachments.dir, { recursive: true });
    await writeFile(
      join(attachments.dir, 'case-1-scan.pdf'),
      Buffer.from([0x25, 0x50, 0x44, 0x46, 0, 1, 2, 255]),
    );
    backupDir = join(work, 'backup');
    manifest = await createBackup({ databaseUrl: source.url, outDir: backupDir, stores, method: 'copy' });
  });

  afterAll(async () => {
    for (const name of databases)
      await query(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await source?.drop();
    await rm(work, { recursive: true, force: true });
  });

  it('records every table with the count and checksum of the snapshot, and the partitions, queues and files', async () => {
    const client = new pg.Client({ connectionString: source.url });
    await client.connect();
    try {
      await useStableTextOutput(client);
      const tables = await listTables(client);
      expect(manifest.tables.map((t) => `${t.schema}.${t.name}`).sort()).toEqual(
        tables.map((t) => `${t.schema}.${t.name}`).sort(),
      );
      for (const table of manifest.tables)
        expect(await tableChecksum(client, table)).toMatchObject({
          rows: table.rows,
          checksum: table.checksum,
        });
    } finally {
      await client.end();
    }
    const documents = manifest.tables.find((t) => t.name === 'tracking_documents')!;
    expect(documents.rows).toBe(20_000);
    expect(manifest.partitions).toContainEqual({
      schema: 'public',
      name: 'tracking_documents_y2019m03',
      parentSchema: 'public',
      parent: 'tracking_documents',
      bound: "FOR VALUES FROM ('2019-03-01 00:00:00+00') TO ('2019-04-01 00:00:00+00')",
    });
    expect(manifest.queues.map((q) => q.name)).toEqual(
      expect.arrayContaining(['backup-test.v1', 'backup-test-dead.v1']),
    );
    expect(manifest.stores.map((s) => [s.name, s.files.map((f) => f.path)])).toEqual([
      ['reports', ['2026/11/report-1.csv']],
      ['attachments', ['case-1-scan.pdf']],
    ]);
  });

  it('restores into an empty database and empty folders: same rows, partitions, sequences, queue and files', async () => {
    const target = await emptyDatabase();
    const restoredStores = folders('restored');
    const summary = await restoreBackup({ databaseUrl: target, fromDir: backupDir, stores: restoredStores });
    expect(summary.rows).toBe(manifest.tables.reduce((sum, t) => sum + t.rows, 0));

    // Checked here again, independently of the restore's own check.
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      await useStableTextOutput(client);
      for (const table of manifest.tables)
        expect(await tableChecksum(client, table), `${table.schema}.${table.name}`).toMatchObject({
          rows: table.rows,
          checksum: table.checksum,
        });
      const partitions = await listPartitions(client);
      for (const partition of manifest.partitions) expect(partitions).toContainEqual(partition);
      // The indexes set aside for the copy are all back, as the migrations made them.
      const indexes =
        "SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname IN ('public', 'pgboss') ORDER BY 1, 2";
      expect((await client.query(indexes)).rows).toEqual(await query(source.url, indexes));
      const { rows: documents } = await client.query<{ next: string; max: string }>(
        `SELECT nextval('tracking_documents_id_seq')::text AS next, (SELECT max(id) FROM tracking_documents)::text AS max`,
      );
      expect(BigInt(documents[0]!.next)).toBeGreaterThan(BigInt(documents[0]!.max));
    } finally {
      await client.end();
    }
    // The waiting job is still there for a worker of the restored Hub to fetch.
    const boss = new PgBoss({
      connectionString: target,
      schema: 'pgboss',
      supervise: false,
      schedule: false,
    });
    await boss.start();
    try {
      const [job] = await boss.fetch<{ waiting: boolean }>('backup-test.v1');
      expect(job?.data).toEqual({ waiting: true });
      expect((await boss.getQueue('backup-test.v1'))?.deadLetter).toBe('backup-test-dead.v1');
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
    const reports = (restoredStores.reports as { dir: string }).dir;
    expect(await readFile(join(reports, '2026', '11', 'report-1.csv'), 'utf8')).toBe(
      'document;status\n1;delivered\n',
    );
    expect(existsSync(join(reports, '2026', '11', 'report-2.xlsx.part'))).toBe(false);
    expect([
      ...(await readFile(join((restoredStores.attachments as { dir: string }).dir, 'case-1-scan.pdf'))),
    ]).toEqual([0x25, 0x50, 0x44, 0x46, 0, 1, 2, 255]);
  }, 120_000);

  it('refuses a database that already holds the Hub, and replaces it with --force', async () => {
    const target = await emptyDatabase();
    await restoreBackup({ databaseUrl: target, fromDir: backupDir, stores: folders('twice') });
    await query(target, 'DELETE FROM support_case_replies');
    await expect(
      restoreBackup({ databaseUrl: target, fromDir: backupDir, stores: folders('twice-again') }),
    ).rejects.toThrow(
      'The target database already holds Service Hub tables: restore into an empty database, or pass --force to replace them.',
    );
    await expect(
      restoreBackup({ databaseUrl: target, fromDir: backupDir, stores: folders('twice'), force: false }),
    ).rejects.toThrow(BackupError);
    await restoreBackup({ databaseUrl: target, fromDir: backupDir, stores: folders('twice'), force: true });
    const [replies] = await query<{ n: number }>(
      target,
      'SELECT count(*)::int AS n FROM support_case_replies',
    );
    expect(replies!.n).toBe(manifest.tables.find((t) => t.name === 'support_case_replies')!.rows);
  }, 120_000);

  it('refuses file folders that already hold files', async () => {
    const target = await emptyDatabase();
    const occupied = folders('occupied');
    await mkdir((occupied.reports as { dir: string }).dir, { recursive: true });
    await writeFile(join((occupied.reports as { dir: string }).dir, 'someone-elses.csv'), 'x');
    await expect(
      restoreBackup({ databaseUrl: target, fromDir: backupDir, stores: occupied }),
    ).rejects.toThrow(/reports already holds files: restore into an empty folder, or pass --force/);
    expect(await hubRelations(target)).toBe(0);
  });

  /** A copy of the backup to damage. */
  const copyOfBackup = async () => {
    const copy = join(work, `copy-${randomUUID()}`);
    await cp(backupDir, copy, { recursive: true });
    return copy;
  };

  it("refuses another release's backup (other migrations) before touching the target", async () => {
    const copy = await copyOfBackup();
    const older = JSON.parse(await readFile(join(copy, MANIFEST_FILE), 'utf8')) as Manifest;
    older.migrations.pop();
    await writeFile(join(copy, MANIFEST_FILE), JSON.stringify(older));
    const target = await emptyDatabase();
    await expect(
      restoreBackup({ databaseUrl: target, fromDir: copy, stores: folders('older') }),
    ).rejects.toThrow(
      /was made by an older release \(\d+ migrations, this release has \d+\): restore it with the release that made it, then upgrade/,
    );
    expect(await hubRelations(target)).toBe(0);
  });

  it('refuses a backup with a missing data file before touching the target', async () => {
    const copy = await copyOfBackup();
    await rm(join(copy, manifest.tables.find((t) => t.name === 'users')!.file!));
    const target = await emptyDatabase();
    await expect(
      restoreBackup({ databaseUrl: target, fromDir: copy, stores: folders('missing') }),
    ).rejects.toThrow(/public\.users\.copy\.gz is missing: the backup is incomplete/);
    expect(await hubRelations(target)).toBe(0);
  });

  it('refuses a damaged data file, checked against its sha256 before the database is touched', async () => {
    const copy = await copyOfBackup();
    const path = join(copy, manifest.tables.find((t) => t.name === 'customers')!.file!);
    const bytes = await readFile(path);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff; // same size, other bytes
    await writeFile(path, bytes);
    const target = await emptyDatabase();
    await expect(
      restoreBackup({ databaseUrl: target, fromDir: copy, stores: folders('damaged') }),
    ).rejects.toThrow(/public\.customers\.copy\.gz does not match its sha256: the backup is damaged/);
    expect(await hubRelations(target)).toBe(0);
  });

  it('rolls everything back when the restored rows differ from the manifest: nothing half-written', async () => {
    const copy = await copyOfBackup();
    const altered = JSON.parse(await readFile(join(copy, MANIFEST_FILE), 'utf8')) as Manifest;
    // Checked after every table was copied in, just before COMMIT.
    altered.tables.find((t) => t.name === 'users')!.checksum = '12345';
    await writeFile(join(copy, MANIFEST_FILE), JSON.stringify(altered));
    const target = await emptyDatabase();
    const restoredStores = folders('differs');
    await expect(
      restoreBackup({ databaseUrl: target, fromDir: copy, stores: restoredStores }),
    ).rejects.toThrow("The restored rows differ from the backup's (public.users has");
    expect(await hubRelations(target)).toBe(0);
    expect(existsSync((restoredStores.reports as { dir: string }).dir)).toBe(false);
    expect(existsSync(`${(restoredStores.reports as { dir: string }).dir}.restoring`)).toBe(false);
  }, 120_000);

  it('refuses a damaged file of the stores, checked against its sha256 before the database is touched', async () => {
    const copy = await copyOfBackup();
    await writeFile(join(copy, 'files', 'attachments', 'case-1-scan.pdf'), 'not the scan');
    const target = await emptyDatabase();
    await expect(
      restoreBackup({ databaseUrl: target, fromDir: copy, stores: folders('bad-file') }),
    ).rejects.toThrow(/case-1-scan\.pdf does not match its sha256: the backup is damaged/);
    expect(await hubRelations(target)).toBe(0);
  });

  it('refuses a folder that is not a finished backup, and an --out folder that is not empty', async () => {
    const target = await emptyDatabase();
    await expect(
      restoreBackup({ databaseUrl: target, fromDir: join(work, 'source'), stores: folders('none') }),
    ).rejects.toThrow(/holds no manifest\.json: it is not a finished Service Hub backup/);
    await expect(createBackup({ databaseUrl: source.url, outDir: backupDir, stores })).rejects.toThrow(
      /backup is not empty: --out needs a new or empty folder/,
    );
    expect(existsSync(join(backupDir, MANIFEST_FILE))).toBe(true);
  });

  it('answers on the command line with one sentence and an exit code, never the password', async () => {
    const cli = async (name: string, args: string[], databaseUrl: string) => {
      const child = spawn(
        join(import.meta.dirname, '..', '..', '..', '..', 'node_modules', '.bin', 'tsx'),
        [join(import.meta.dirname, `${name}-cli.ts`), ...args],
        { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const [code] = (await once(child, 'exit')) as [number | null];
      return { code, output };
    };
    const target = await emptyDatabase();
    const password = decodeURIComponent(new URL(target).password);
    const usage = await cli('restore', [], target);
    expect(usage.code).toBe(2);
    expect(usage.output).toContain('--from <folder> is required.');
    const notABackup = await cli('restore', ['--from', join(work, 'source')], target);
    expect(notABackup.code).toBe(1);
    expect(notABackup.output).toContain('holds no manifest.json: it is not a finished Service Hub backup');
    const occupied = await cli('backup', ['--out', backupDir], source.url);
    expect(occupied.code).toBe(1);
    expect(occupied.output).toContain('is not empty: --out needs a new or empty folder');
    for (const answer of [usage, notABackup, occupied]) {
      expect(answer.output).not.toContain(password);
      expect(answer.output).not.toMatch(/\n\s+at /); // no stack trace
    }
  }, 120_000);
});

/**
 * The pg_dump path, which needs a pg_dump of the server's version or newer: the embedded
 * PostgreSQL 17 ships none, so it is tested against Debian's PostgreSQL server of the installed
 * client (/usr/lib/postgresql/<major>/bin), and left out where there is none.
 */
const debianServer = ['17', '16', '15']
  .map((major) => `/usr/lib/postgresql/${major}/bin`)
  .find((dir) => existsSync(join(dir, 'postgres')) && existsSync(join(dir, 'pg_dump')));

describe.skipIf(!debianServer)('[BACKUP] with pg_dump and pg_restore', () => {
  let work: string;
  let server: ChildProcess;
  let serverUrl: string;
  const url = (database: string) => `${serverUrl}/${database}`;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'hub-pgdump-'));
    await chmod(work, 0o755);
    const dataDir = join(work, 'pg');
    await mkdir(dataDir, { mode: 0o700 });
    // PostgreSQL refuses to run as root: then as the postgres user, as the embedded one does.
    const user = process.getuid?.() === 0 ? await postgresUser() : undefined;
    if (user) await chown(dataDir, user.uid, user.gid);
    await run(
      join(debianServer!, 'initdb'),
      [`--pgdata=${dataDir}`, '--auth=trust', '--username=postgres', '--encoding=UTF8'],
      {
        ...user,
      },
    );
    const port = await freePort();
    server = spawn(
      join(debianServer!, 'postgres'),
      ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-k', dataDir],
      { ...user, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    await new Promise<void>((ready, fail) => {
      server.stderr!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready to accept connections')) ready();
      });
      server.once('exit', (code) => fail(new Error(`PostgreSQL exited with code ${code}`)));
    });
    serverUrl = `postgres://postgres@127.0.0.1:${port}`;
    for (const name of ['source', 'target']) await query(url('postgres'), `CREATE DATABASE ${name}`);
    const pool = new pg.Pool({ connectionString: url('source'), max: 2 });
    await runMigrations(pool);
    await seedDemoDataIfEmpty(pool, { documents: 500, consignments: 20, supportCases: 10 });
    await pool.end();
  }, 180_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((done) => server.once('exit', done));
      server.kill('SIGINT');
      await exited;
    }
    await rm(work, { recursive: true, force: true });
  });

  const query = async (to: string, text: string) => {
    const client = new pg.Client({ connectionString: to });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  };

  it('dumps with pg_dump in the snapshot its checksums come from, and restores with pg_restore', async () => {
    const env = { ...process.env, PG_BIN_DIR: debianServer };
    expect(await findPgTools(Number(/\/(\d+)\/bin$/.exec(debianServer!)![1]), env)).toBeDefined();
    const backupDir = join(work, 'backup');
    const stores: StoreLocations = {
      reports: { kind: 'directory', dir: join(work, 'reports') },
      attachments: { kind: 's3' },
    };
    const manifest = await createBackup({
      databaseUrl: url('source'),
      outDir: backupDir,
      stores,
      method: 'pg_dump',
      env,
    });
    expect(manifest.method).toBe('pg_dump');
    expect(existsSync(join(backupDir, 'database', 'toc.dat'))).toBe(true);
    const summary = await restoreBackup({
      databaseUrl: url('target'),
      fromDir: backupDir,
      stores: {
        reports: { kind: 'directory', dir: join(work, 'restored-reports') },
        attachments: { kind: 's3' },
      },
      env,
    });
    expect(summary.rows).toBe(manifest.tables.reduce((sum, t) => sum + t.rows, 0));
    const [documents] = await query(url('target'), 'SELECT count(*)::int AS n FROM tracking_documents');
    expect(documents).toEqual({ n: 500 });
    await expect(
      restoreBackup({ databaseUrl: url('target'), fromDir: backupDir, stores, env }),
    ).rejects.toThrow(/already holds Service Hub tables/);
  }, 120_000);
});
