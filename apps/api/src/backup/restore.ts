import { spawn } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import PgBoss from 'pg-boss';
import { buildConcurrentIndexes, CONCURRENT_INDEXES } from '../db/concurrent-indexes.ts';
import { migrationsDir } from '../lib/paths.ts';
import { BackupError } from './backup-error.ts';
import {
  countHubRelations,
  HUB_SCHEMAS,
  jobQueueSchemaVersion,
  listTables,
  qualified,
  tableChecksum,
  useStableTextOutput,
} from './catalog.ts';
import { hashingStream, isEmptyStore, stageDirectory, type StoreLocations } from './file-store.ts';
import {
  checksumDifferences,
  migrationMismatch,
  queuesInCreationOrder,
  readManifest,
  type Manifest,
  type Migration,
  type TableChecksum,
} from './manifest.ts';
import { findPgTools, libpqEnvironment } from './pg-tools.ts';

export type RestoreOptions = {
  databaseUrl: string;
  fromDir: string;
  stores: StoreLocations;
  /** Replaces the Hub's tables and files when the target already holds some. */
  force?: boolean;
  log?: (line: string) => void;
  env?: NodeJS.ProcessEnv;
};

export type RestoreSummary = { manifest: Manifest; rows: number; files: number; seconds: number };

/** This release's migrations as drizzle records them (hash of the SQL, the journal's time). */
export function codeMigrations(): Migration[] {
  return readMigrationFiles({ migrationsFolder: migrationsDir }).map((m) => ({
    hash: m.hash,
    createdAt: String(m.folderMillis),
  }));
}

const seconds = (since: number) => (performance.now() - since) / 1000;

/**
 * Every data file the manifest names is there and matches its sha256, checked before anything is
 * changed (reading the compressed files once costs little beside restoring them).
 */
async function assertDataFilesPresent(dir: string, manifest: Manifest): Promise<void> {
  if (manifest.method === 'pg_dump') {
    await stat(join(dir, 'database', 'toc.dat')).catch(() => {
      throw new BackupError(`${join(dir, 'database')} holds no pg_dump archive: the backup is incomplete.`);
    });
    return;
  }
  for (const table of manifest.tables) {
    if (!table.file)
      throw new BackupError(`The manifest names no data file for ${table.schema}.${table.name}.`);
    if (!existsSync(join(dir, table.file)))
      throw new BackupError(
        `The backup's file ${join(dir, table.file)} is missing: the backup is incomplete.`,
      );
    const hashing = hashingStream();
    await pipeline(
      createReadStream(join(dir, table.file)),
      hashing.stream,
      new Writable({ write: (_c, _e, done) => done() }),
    );
    const written = hashing.digest();
    if (written.sha256 !== table.sha256 || (table.bytes !== undefined && written.bytes !== table.bytes))
      throw new BackupError(
        `The backup's file ${join(dir, table.file)} does not match its sha256: the backup is damaged.`,
      );
  }
}

/**
 * pg-boss's construction SQL, which it wraps in its own BEGIN … COMMIT, unwrapped to run inside
 * the restore's one transaction. A pg-boss release that changes the wrapping fails here loudly.
 */
function jobQueueConstruction(): string {
  const plan = PgBoss.getConstructionPlans('pgboss').trim();
  if (!plan.startsWith('BEGIN;') || !plan.endsWith('COMMIT;'))
    throw new Error(
      "pg-boss's construction plan is no longer a BEGIN … COMMIT block: backup/restore.ts must follow it",
    );
  return plan.slice('BEGIN;'.length, -'COMMIT;'.length);
}

/** `--force`: the Hub's schemas go, and `public` comes back empty with its default grant. */
async function dropHubSchemas(client: pg.ClientBase): Promise<void> {
  await client.query(
    `DROP SCHEMA IF EXISTS pgboss CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE;
     DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public; GRANT USAGE ON SCHEMA public TO PUBLIC`,
  );
}

/**
 * Drops the indexes no constraint or other object needs, answering how to build them again: as
 * pg_restore does, the rows go in first and each index is built once after (far faster than
 * updating them row by row, for GIN indexes above all). A partitioned table's index is built on
 * every partition by one CREATE INDEX (pg_get_indexdef writes `ON ONLY`, which would not).
 */
async function setIndexesAside(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string; definition: string; partitioned: boolean }>(
    `SELECT format('%I.%I', n.nspname, i.relname) AS name, pg_get_indexdef(i.oid) AS definition,
            i.relkind = 'I' AS partitioned
       FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_namespace n ON n.oid = i.relnamespace
      WHERE n.nspname = ANY($1) AND NOT i.relispartition
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.oid)
        AND NOT EXISTS (SELECT 1 FROM pg_depend d
                         WHERE d.refclassid = 'pg_class'::regclass AND d.refobjid = i.oid AND d.deptype IN ('n', 'a'))
      ORDER BY i.oid`,
    [HUB_SCHEMAS],
  );
  for (const index of rows) await client.query(`DROP INDEX ${index.name}`);
  return rows.map((index) =>
    index.partitioned ? index.definition.replace(/ ON ONLY /, ' ON ') : index.definition,
  );
}

/** Counts and checksums of the Hub's tables as they are now, in the manifest's terms. */
async function currentChecksums(client: pg.ClientBase): Promise<TableChecksum[]> {
  const checksums: TableChecksum[] = [];
  for (const table of await listTables(client)) checksums.push(await tableChecksum(client, table));
  return checksums;
}

function assertSameRows(manifest: Manifest, restored: TableChecksum[]): void {
  const differences = checksumDifferences(manifest.tables, restored);
  if (differences.length > 0)
    throw new BackupError(
      `The restored rows differ from the backup's (${differences.slice(0, 3).join('; ')}${differences.length > 3 ? `; and ${differences.length - 3} more` : ''}).`,
    );
}

/**
 * The built-in restore, in one transaction: this release's migrations build the tables (drizzle's
 * migrator commits on its own, so its statements run here), pg-boss's construction SQL and its
 * queues build the job queue, the backup's partitions are added, the rows are copied in with
 * triggers and foreign-key checks off (`session_replication_role = replica`, as pg_restore's
 * --disable-triggers does: the rows were consistent in the snapshot), the sequences set, and every
 * table's count and checksum compared with the manifest before COMMIT. Any failure rolls it all back.
 */
async function restoreByCopy(
  client: pg.ClientBase,
  manifest: Manifest,
  dir: string,
  options: { force: boolean; log: (line: string) => void },
): Promise<void> {
  const { log } = options;
  await client.query('BEGIN');
  try {
    await useStableTextOutput(client);
    if (options.force) await dropHubSchemas(client);
    let step = performance.now();
    // Indexes built after the migrations, outside their transaction (db/concurrent-indexes.ts),
    // are built once this transaction has committed (below), as the migration runner does.
    for (const migration of readMigrationFiles({ migrationsFolder: migrationsDir }))
      for (const statement of migration.sql) if (statement.trim()) await client.query(statement);
    // drizzle's own record of applied migrations (its pg dialect's migrate()); its rows come from the backup.
    await client.query(
      'CREATE SCHEMA IF NOT EXISTS drizzle; CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
    );
    log(`  tables created by ${manifest.migrations.length} migrations, ${seconds(step).toFixed(1)} s`);
    if (manifest.jobQueueSchemaVersion !== null) {
      await client.query(jobQueueConstruction());
      // pg-boss's plan limits its own transaction; this one runs as long as the data takes.
      await client.query('SET LOCAL lock_timeout = 0; SET LOCAL idle_in_transaction_session_timeout = 0');
      const installed = await jobQueueSchemaVersion(client);
      if (installed !== manifest.jobQueueSchemaVersion)
        throw new BackupError(
          `The backup's job queue schema is version ${manifest.jobQueueSchemaVersion}, this release's pg-boss makes version ${installed}: restore it with the release that made it.`,
        );
      for (const queue of queuesInCreationOrder(manifest.queues))
        await client.query('SELECT pgboss.create_queue($1, $2)', [queue.name, JSON.stringify(queue)]);
    }
    for (const partition of manifest.partitions) {
      const { rows } = await client.query<{ found: string | null }>('SELECT to_regclass($1)::text AS found', [
        qualified(client, partition),
      ]);
      if (rows[0]?.found) continue;
      const parent = qualified(client, { schema: partition.parentSchema, name: partition.parent });
      await client.query(
        `CREATE TABLE ${qualified(client, partition)} PARTITION OF ${parent} ${partition.bound}`,
      );
    }

    step = performance.now();
    await client.query('SET LOCAL session_replication_role = replica').catch((error: Error) => {
      throw new BackupError(
        `The restore needs a role that may set session_replication_role (a superuser, or GRANT SET ON PARAMETER session_replication_role): ${error.message}.`,
      );
    });
    // The rows the migrations and pg-boss wrote (their own bookkeeping) give way to the backup's.
    if (manifest.tables.length > 0)
      await client.query(`TRUNCATE ${manifest.tables.map((t) => qualified(client, t)).join(', ')}`);
    const indexes = await setIndexesAside(client);
    let rows = 0;
    for (const table of manifest.tables) {
      const hashing = hashingStream();
      await pipeline(
        createReadStream(join(dir, table.file!)),
        hashing.stream,
        createGunzip(),
        client.query(copyFrom(`COPY ${qualified(client, table)} FROM STDIN`)),
      );
      if (hashing.digest().sha256 !== table.sha256)
        throw new BackupError(
          `The backup's file ${join(dir, table.file!)} does not match its sha256: the backup is damaged.`,
        );
      rows += table.rows;
    }
    log(`  ${rows} rows copied into ${manifest.tables.length} tables, ${seconds(step).toFixed(1)} s`);
    step = performance.now();
    await client.query("SET LOCAL maintenance_work_mem = '256MB'");
    for (const definition of indexes) await client.query(definition);
    log(`  ${indexes.length} indexes built, ${seconds(step).toFixed(1)} s`);
    for (const sequence of manifest.sequences)
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [
        qualified(client, sequence),
        sequence.lastValue,
        sequence.isCalled,
      ]);
    step = performance.now();
    assertSameRows(manifest, await currentChecksums(client));
    log(`  every table's count and checksum equal the backup's, ${seconds(step).toFixed(1)} s`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  const step = performance.now();
  await buildConcurrentIndexes(client, CONCURRENT_INDEXES);
  log(`  ${CONCURRENT_INDEXES.length} indexes built concurrently, ${seconds(step).toFixed(1)} s`);
}

/** pg_restore of the backup's pg_dump archive in one transaction (--single-transaction). */
async function restoreByPgRestore(
  client: pg.ClientBase,
  url: string,
  dir: string,
  options: { force: boolean; env?: NodeJS.ProcessEnv },
): Promise<void> {
  const { rows } = await client.query<{ num: string }>(`SELECT current_setting('server_version_num') AS num`);
  const tools = await findPgTools(Math.floor(Number(rows[0]!.num) / 10000), options.env);
  if (!tools)
    throw new BackupError(
      "The backup was made with pg_dump, and no pg_restore of the target server's version or newer is installed (PATH, PG_BIN_DIR, /usr/lib/postgresql).",
    );
  // Not in pg_restore's transaction: a --force restore that then fails leaves the target empty.
  if (options.force) await dropHubSchemas(client);
  const child = spawn(
    tools.pgRestore,
    [
      '--single-transaction',
      '--exit-on-error',
      '--no-owner',
      '--no-privileges',
      `--dbname=${new URL(url).pathname.slice(1)}`,
      join(dir, 'database'),
    ],
    { env: { ...process.env, ...libpqEnvironment(url) }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0)
    throw new BackupError(`pg_restore failed (exit code ${code}), nothing was restored: ${errors.trim()}`);
}

/**
 * Restores a backup folder into an empty database (or, with `force`, replaces the Hub's tables)
 * and the local file stores, then checks every table's count and checksum and every file's
 * sha256 against the manifest. Files are staged and checked before the database is touched, and
 * put in place only once the database transaction has committed.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const force = options.force ?? false;
  const manifest = await readManifest(options.fromDir);
  const mismatch = migrationMismatch(manifest.migrations, codeMigrations());
  if (mismatch) throw new BackupError(`Cannot restore ${options.fromDir}: ${mismatch}`);
  await assertDataFilesPresent(options.fromDir, manifest);

  const client = new pg.Client({
    connectionString: options.databaseUrl,
    application_name: 'service-hub-restore',
  });
  await client.connect().catch((error: Error) => {
    throw new BackupError(`Cannot connect to the target database: ${error.message}.`);
  });
  const staged: { commit: () => Promise<void>; discard: () => Promise<void> }[] = [];
  try {
    if (!force && (await countHubRelations(client)) > 0)
      throw new BackupError(
        'The target database already holds Service Hub tables: restore into an empty database, or pass --force to replace them.',
      );
    let files = 0;
    for (const store of manifest.stores) {
      const target = options.stores[store.name];
      if (store.kind === 's3' || target.kind === 's3') {
        if (store.files.length > 0)
          log(
            `  ${store.name}: the Hub now uses an object store; the backup's ${store.files.length} files are left in ${join(options.fromDir, 'files', store.name)}`,
          );
        continue;
      }
      if (!force && !(await isEmptyStore(target.dir)))
        throw new BackupError(
          `${target.dir} already holds files: restore into an empty folder, or pass --force to replace them.`,
        );
      staged.push(await stageDirectory(join(options.fromDir, 'files', store.name), store.files, target.dir));
      files += store.files.length;
      log(`  ${store.name}: ${store.files.length} files checked against their sha256`);
    }
    log(
      `restoring ${manifest.method === 'pg_dump' ? 'with pg_restore' : 'with the built-in COPY restore'} from ${options.fromDir}`,
    );
    if (manifest.method === 'pg_dump') {
      await restoreByPgRestore(client, options.databaseUrl, options.fromDir, { force, env: options.env });
      await useStableTextOutput(client);
      assertSameRows(manifest, await currentChecksums(client));
      log("  every table's count and checksum equal the backup's");
    } else {
      await restoreByCopy(client, manifest, options.fromDir, { force, log });
    }
    // Each store leaves the list once in place: a failure leaves the rest for the cleanup below.
    while (staged.length > 0) {
      await staged[0]!.commit();
      staged.shift();
    }
    const step = performance.now();
    // The data is committed and checked: fresh statistics help the first queries, nothing more.
    await client.query('ANALYZE').then(
      () => log(`  analyzed, ${seconds(step).toFixed(1)} s`),
      (error: unknown) => log(`  ANALYZE failed (${(error as Error).message}): run it before heavy use`),
    );
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    const summary = { manifest, rows, files, seconds: seconds(started) };
    log(
      `restored ${manifest.tables.length} tables, ${rows} rows and ${files} files in ${summary.seconds.toFixed(1)} s`,
    );
    return summary;
  } finally {
    for (const stage of staged) await stage.discard();
    await client.end().catch(() => undefined);
  }
}
