/**
 * Backups at scale: `npm run backup`'s and `npm run restore`'s work (apps/api/src/backup) on a
 * database filled with BENCH_BACKUP_DOCUMENTS track-and-trace documents (default 5 000 000, with
 * the tracking bench's fill), next to baselines taken in the same run:
 * - the floor: a bare `COPY … TO STDOUT` of the same tables into uncompressed files, and a bare
 *   `COPY … FROM STDIN` of those files into unindexed copies of the tables (the least any logical
 *   backup and restore can cost);
 * - `pg_dump -Fd -j 2` and `pg_restore -j 2` of the same database, when a pg_dump of the server's
 *   version is installed (the embedded PostgreSQL ships none).
 *
 * BENCH_BACKUP_PG_BIN=<folder> (e.g. /usr/lib/postgresql/15/bin, Debian's PostgreSQL 15) runs the
 * whole measurement on that installation's server instead of the embedded one: its `initdb` and
 * `postgres` for the bench's cluster (started as startEmbeddedPostgres starts the embedded one),
 * the Hub's migrations on it, and the `pg_dump` and `pg_restore` of the same folder, so that the
 * pg_dump baseline is measured where no pg_dump of the embedded server's version is at hand.
 * Unset, the embedded PostgreSQL runs and pg_dump is looked for as `npm run backup` does.
 *
 * `npm run bench` runs it after the search bench (BENCH_BACKUP=0 leaves it out); `npx tsx
 * bench/backup.ts` runs it alone and replaces only its own section of docs/performance.md.
 * BENCH_BACKUP_KEEP=1 keeps the filled database for another run (one per installation).
 */
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { createBackup } from '../apps/api/src/backup/backup.ts';
import { listTables, qualified, type TableName } from '../apps/api/src/backup/catalog.ts';
import { findPgTools, libpqEnvironment } from '../apps/api/src/backup/pg-tools.ts';
import { restoreBackup } from '../apps/api/src/backup/restore.ts';
import { ensureDatabaseExists } from '../apps/api/src/db/bootstrap.ts';
import { createDatabase } from '../apps/api/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { binariesInFolder } from '../apps/api/src/db/postgres-binaries.ts';
import { seedDemoDataIfEmpty } from '../apps/api/src/seed/demo-seed.ts';
import { fillTracking, replaceSection } from './tracking.ts';

const DOCUMENTS = Number(process.env.BENCH_BACKUP_DOCUMENTS ?? 5_000_000);
const KEEP = process.env.BENCH_BACKUP_KEEP === '1';
/** Another PostgreSQL installation's bin folder to run the whole bench on; the embedded one when unset. */
const PG_BIN = process.env.BENCH_BACKUP_PG_BIN ? resolve(process.env.BENCH_BACKUP_PG_BIN) : undefined;
const JOBS = 2;
const root = join(import.meta.dirname, '..');
const workDir = join(import.meta.dirname, '.work-backup');

const seconds = (since: number) => (performance.now() - since) / 1000;
const minutes = (s: number) => (s >= 120 ? `${(s / 60).toFixed(1)} min` : `${s.toFixed(1)} s`);
const megabytes = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  return total;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Runs `work` over the tables on `JOBS` connections at once, as the backup does; `setUp` runs
 * first on each connection.
 */
async function onConnections(
  url: string,
  tables: TableName[],
  work: (client: pg.Client, table: TableName) => Promise<void>,
  setUp: (client: pg.Client) => Promise<unknown> = async () => undefined,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: JOBS }, () =>
      withClient(url, async (client) => {
        await setUp(client);
        while (next < tables.length) await work(client, tables[next++]!);
      }),
    ),
  );
}

async function runTool(program: string, args: string[], url: string): Promise<void> {
  const child = spawn(program, args, {
    env: { ...process.env, ...libpqEnvironment(url) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${program} exited with ${code}: ${errors.slice(-2000)}`);
}

export async function runBackupBench(): Promise<string[]> {
  if (PG_BIN) {
    const missing = ['postgres', 'initdb', 'pg_dump', 'pg_restore'].filter(
      (p) => !existsSync(join(PG_BIN, p)),
    );
    if (missing.length > 0)
      throw new Error(
        `BENCH_BACKUP_PG_BIN=${PG_BIN} has no ${missing.join(', ')}: give a PostgreSQL bin folder`,
      );
  }
  if (!KEEP) await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  // A cluster belongs to the major version that made it: another installation gets its own.
  const postgres = await startEmbeddedPostgres(
    PG_BIN
      ? {
          dataDir: join(workDir, `data${PG_BIN.replace(/[^A-Za-z0-9.]+/g, '-')}`),
          binaries: binariesInFolder(PG_BIN),
        }
      : { dataDir: join(workDir, 'data') },
  );
  const server = postgres.url();
  await ensureDatabaseExists(server, 'bench');
  const db = createDatabase(postgres.url('bench'), { max: 4 });
  const source = postgres.url('bench');
  const lines: string[] = [];
  const fresh = async (name: string) => {
    await withClient(server, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    await ensureDatabaseExists(server, name);
    return postgres.url(name);
  };
  const dropDatabase = (name: string) =>
    withClient(server, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const emptyStores = {
    reports: { kind: 'directory' as const, dir: join(workDir, 'no-files', 'reports') },
    attachments: { kind: 'directory' as const, dir: join(workDir, 'no-files', 'attachments') },
  };
  try {
    await runMigrations(db.$client);
    await seedDemoDataIfEmpty(db.$client, { documents: 2_000, consignments: 50, supportCases: 20 });
    console.log(`filling to ${DOCUMENTS} documents…`);
    await fillTracking(db, DOCUMENTS);
    await db.$client.end();
    const { rows: sizes } = await withClient(source, (c) =>
      c.query<{ documents: number; size: string }>(
        `SELECT (SELECT count(*)::int FROM tracking_documents) AS documents,
                pg_size_pretty(pg_database_size(current_database())) AS size`,
      ),
    );
    const tables = await withClient(source, (c) => listTables(c));

    // 1. The built-in backup and restore (the default install's).
    console.log('backup (built-in)…');
    let started = performance.now();
    const manifest = await createBackup({
      databaseUrl: source,
      outDir: join(workDir, 'backup'),
      stores: emptyStores,
      jobs: JOBS,
      method: 'copy',
    });
    const backupSeconds = seconds(started);
    const backupBytes = await folderBytes(join(workDir, 'backup'));
    console.log('restore (built-in)…');
    const restoreSteps: string[] = [];
    const restoreTarget = await fresh('restored');
    started = performance.now();
    await restoreBackup({
      databaseUrl: restoreTarget,
      fromDir: join(workDir, 'backup'),
      stores: {
        reports: { kind: 'directory', dir: join(workDir, 'restored-files', 'reports') },
        attachments: { kind: 'directory', dir: join(workDir, 'restored-files', 'attachments') },
      },
      log: (line) => {
        console.log(line);
        // The database's steps; the stores are empty here.
        if (line.startsWith('  ') && !/^ {2}(reports|attachments):/.test(line))
          restoreSteps.push(line.trim());
      },
    });
    const restoreSeconds = seconds(started);
    await dropDatabase('restored');
    await rm(join(workDir, 'backup'), { recursive: true, force: true });

    // 2. The floor: bare COPY out and in of the same tables, on as many connections.
    console.log('floor: bare COPY TO STDOUT…');
    const floorDir = join(workDir, 'floor');
    await mkdir(floorDir, { recursive: true });
    const fileOf = (t: TableName) => join(floorDir, `${t.schema}.${t.name}.copy`);
    started = performance.now();
    await withClient(source, async (main) => {
      await main.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const { rows } = await main.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
      await onConnections(
        source,
        tables,
        async (client, table) => {
          const copy = client.query(copyTo(`COPY (SELECT * FROM ${qualified(client, table)}) TO STDOUT`));
          await pipeline(copy, createWriteStream(fileOf(table)));
        },
        (client) =>
          client.query(
            `BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY; SET TRANSACTION SNAPSHOT '${rows[0]!.id}'`,
          ),
      );
      await main.query('COMMIT');
    });
    const floorOutSeconds = seconds(started);
    const floorBytes = await folderBytes(floorDir);
    console.log('floor: bare COPY FROM STDIN into unindexed tables…');
    // Unindexed, unpartitioned copies of the tables (LIKE copies columns and types only), beside them.
    const floorTable = (t: TableName): TableName => ({
      schema: 'bench_floor',
      name: `${t.schema}__${t.name}`,
    });
    await withClient(source, async (client) => {
      await client.query('DROP SCHEMA IF EXISTS bench_floor CASCADE; CREATE SCHEMA bench_floor');
      for (const table of tables)
        await client.query(
          `CREATE TABLE ${qualified(client, floorTable(table))} (LIKE ${qualified(client, table)})`,
        );
    });
    started = performance.now();
    await onConnections(source, tables, async (client, table) => {
      const copy = client.query(copyFrom(`COPY ${qualified(client, floorTable(table))} FROM STDIN`));
      await pipeline(createReadStream(fileOf(table)), copy);
    });
    const floorInSeconds = seconds(started);
    await withClient(source, (client) => client.query('DROP SCHEMA bench_floor CASCADE'));
    await rm(floorDir, { recursive: true, force: true });

    // 3. pg_dump and pg_restore, when this machine has one for the server's version.
    const { rows: version } = await withClient(source, (c) =>
      c.query<{ num: string; name: string }>(
        "SELECT current_setting('server_version_num') AS num, current_setting('server_version') AS name",
      ),
    );
    const major = Math.floor(Number(version[0]!.num) / 10000);
    // With BENCH_BACKUP_PG_BIN, the pg_dump and pg_restore of the server's own installation.
    const tools = PG_BIN ? await findPgTools(major, { PG_BIN_DIR: PG_BIN }) : await findPgTools(major);
    if (PG_BIN && (!tools || dirname(tools.pgDump) !== PG_BIN))
      throw new Error(`the pg_dump in BENCH_BACKUP_PG_BIN=${PG_BIN} cannot dump its own PostgreSQL ${major}`);
    let pgDumpLine = `| \`pg_dump -Fd -j ${JOBS}\` / \`pg_restore -j ${JOBS}\` | not measured: no pg_dump ${major} on this machine (Debian 12 offers 15: see BENCH_BACKUP_PG_BIN below) | | |`;
    if (tools) {
      console.log('pg_dump…');
      started = performance.now();
      await runTool(
        tools.pgDump,
        ['--format=directory', `--jobs=${JOBS}`, '--compress=1', `--file=${join(workDir, 'dump')}`],
        source,
      );
      const dumpSeconds = seconds(started);
      const dumpBytes = await folderBytes(join(workDir, 'dump'));
      const target = await fresh('pgrestore');
      started = performance.now();
      await runTool(
        tools.pgRestore,
        [`--jobs=${JOBS}`, '--no-owner', `--dbname=pgrestore`, join(workDir, 'dump')],
        target,
      );
      const pgRestoreSeconds = seconds(started);
      await dropDatabase('pgrestore');
      await rm(join(workDir, 'dump'), { recursive: true, force: true });
      pgDumpLine = `| \`pg_dump -Fd -j ${JOBS} --compress=1\` / \`pg_restore -j ${JOBS}\` (${tools.version}) | ${minutes(dumpSeconds)} | ${minutes(pgRestoreSeconds)} | ${megabytes(dumpBytes)} |`;
    }

    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    lines.push(
      '## Backups and restores',
      '',
      `Measured by \`bench/backup.ts\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${PG_BIN ? `PostgreSQL ${version[0]!.name} from ${PG_BIN} (BENCH_BACKUP_PG_BIN)` : `embedded PostgreSQL ${major}`} with its default settings, load average ${loadavg()[0]!.toFixed(1)} at the end (the machine is shared). The database holds ${sizes[0]!.documents.toLocaleString('en-US')} track-and-trace documents, ${rows.toLocaleString('en-US')} rows in ${manifest.tables.length} tables, ${sizes[0]!.size}; the file stores are empty (files cost a copy and a sha256 each). ${JOBS} connections everywhere.`,
      '',
      '| | backup | restore | backup size |',
      '|---|---:|---:|---:|',
      `| \`npm run backup\` / \`npm run restore\` (built-in: COPY, gzip level 1, counts and checksums of every table; restore with indexes built after the rows, checked, ANALYZE) | ${minutes(backupSeconds)} | ${minutes(restoreSeconds)} | ${megabytes(backupBytes)} |`,
      `| floor: bare \`COPY … TO STDOUT\` into files / \`COPY … FROM STDIN\` into unindexed tables | ${minutes(floorOutSeconds)} | ${minutes(floorInSeconds)} | ${megabytes(floorBytes)} |`,
      pgDumpLine,
      '',
      `The restore's steps: ${restoreSteps.join('; ')}.`,
      '',
      "The built-in restore costs more than the floor by design: it runs in one transaction, so on one connection (the floor's COPY uses " +
        `${JOBS}), through the partitioned parents, with the primary keys and unique constraints in place while the rows go in (the foreign keys refer to them), then builds every other index and reads every table once more to compare its count and checksum with the manifest before COMMIT; the floor builds no index and checks nothing. The backup's extra time over the floor is gzip and the second read of every table for its checksum, in the same snapshot.`,
      '',
      'The embedded PostgreSQL ships no pg_dump, and Debian 12 offers only the pg_dump of PostgreSQL 15, which refuses newer servers. ' +
        '`BENCH_BACKUP_PG_BIN=/usr/lib/postgresql/15/bin npx tsx bench/backup.ts` runs the whole bench on that installation instead: ' +
        "a cluster made by its `initdb` and run by its `postgres`, the Hub's migrations on it, and its own `pg_dump` and `pg_restore`, " +
        'so all three rows come from the same server; unset, the bench runs on the embedded PostgreSQL.',
      '',
    );
    for (const line of lines) console.log(line);
  } finally {
    await db.$client.end().catch(() => undefined);
    await postgres.stop();
    if (!KEEP) await rm(workDir, { recursive: true, force: true });
  }
  return lines;
}

export const writeBackupResults = (lines: string[]) =>
  replaceSection(join(root, 'docs', 'performance.md'), 'backup-bench', lines);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeBackupResults(await runBackupBench());
}
