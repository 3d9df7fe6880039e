import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { BackupError } from './backup-error.ts';
import {
  appliedMigrations,
  jobQueueSchemaVersion,
  listPartitions,
  listQueues,
  listSequences,
  listTables,
  qualified,
  tableChecksum,
  useStableTextOutput,
  type TableName,
} from './catalog.ts';
import { backUpDirectory, hashingStream, type StoreLocations } from './file-store.ts';
import {
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  type Manifest,
  type StoreEntry,
  type TableEntry,
} from './manifest.ts';
import { findPgTools, libpqEnvironment } from './pg-tools.ts';

export type BackupOptions = {
  databaseUrl: string;
  outDir: string;
  stores: StoreLocations;
  /** Connections that copy tables at once (pg_dump's -j); 2 by default. */
  jobs?: number;
  /** `auto` (default): pg_dump when one that can dump the server is installed, else the built-in copy. */
  method?: 'auto' | 'copy' | 'pg_dump';
  log?: (line: string) => void;
  env?: NodeJS.ProcessEnv;
};

/**
 * Level 1: the backup is written as fast as a core can compress, several times faster than the
 * default level 6 for a few per cent more bytes (COPY text compresses well either way).
 */
const GZIP_LEVEL = 1;

const seconds = (since: number) => (performance.now() - since) / 1000;
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** A transaction on the exported snapshot: it sees exactly what the backup's first one sees. */
async function snapshotClient(url: string, snapshot: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: 'service-hub-backup' });
  await client.connect();
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
  await client.query(`SET TRANSACTION SNAPSHOT ${client.escapeLiteral(snapshot)}`);
  await useStableTextOutput(client);
  return client;
}

/** Runs `work` over the items on each client, one item at a time per client. */
async function onClients<T>(
  clients: readonly pg.Client[],
  items: readonly T[],
  work: (client: pg.Client, item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    clients.map(async (client) => {
      while (next < items.length) await work(client, items[next++]!);
    }),
  );
}

/** One table's rows as gzip-compressed COPY text, and their count and checksum, in the snapshot. */
async function copyTable(client: pg.Client, table: TableName, dir: string): Promise<TableEntry> {
  const file = `data/${table.schema}.${table.name}.copy.gz`;
  const hashing = hashingStream();
  // COPY reads a partitioned table's rows only through a query.
  await pipeline(
    client.query(copyTo(`COPY (SELECT * FROM ${qualified(client, table)}) TO STDOUT`)),
    createGzip({ level: GZIP_LEVEL }),
    hashing.stream,
    createWriteStream(join(dir, file), { mode: 0o600 }),
  );
  const { sha256, bytes } = hashing.digest();
  return { ...(await tableChecksum(client, table)), file, sha256, bytes };
}

async function runPgDump(options: {
  pgDump: string;
  url: string;
  snapshot: string;
  jobs: number;
  dir: string;
}): Promise<void> {
  const child = spawn(
    options.pgDump,
    [
      '--format=directory',
      `--jobs=${options.jobs}`,
      `--snapshot=${options.snapshot}`,
      '--compress=1',
      '--no-owner',
      '--no-privileges',
      `--file=${options.dir}`,
    ],
    {
      // The password travels in the environment, never on the command line.
      env: { ...process.env, ...libpqEnvironment(options.url) },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new BackupError(`pg_dump failed (exit code ${code}): ${errors.trim()}`);
}

async function prepareOutDir(dir: string): Promise<void> {
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    if (error.code === 'ENOTDIR')
      throw new BackupError(`${dir} is a file: --out needs a new or empty folder.`);
    throw error;
  });
  if (entries.length > 0)
    throw new BackupError(
      `${dir} is not empty: --out needs a new or empty folder, so no backup is mixed with another.`,
    );
  try {
    await mkdir(join(dir, 'data'), { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new BackupError(`Cannot create ${dir} (${(error as Error).message}).`);
  }
}

/**
 * Backs up the Hub: every table of its schemas from one consistent snapshot (a REPEATABLE READ,
 * READ ONLY transaction, like pg_dump's), each table's row count and checksum taken in that same
 * snapshot, the partitions, sequences and job queues needed to rebuild it, and the local file
 * stores with a sha256 per file. The manifest is written last: a folder without one is unfinished.
 */
export async function createBackup(options: BackupOptions): Promise<Manifest> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const jobs = Math.max(1, options.jobs ?? 2);
  await prepareOutDir(options.outDir);
  const main = new pg.Client({
    connectionString: options.databaseUrl,
    application_name: 'service-hub-backup',
  });
  const helpers: pg.Client[] = [];
  try {
    await main.connect().catch((error: Error) => {
      throw new BackupError(`Cannot connect to the database: ${error.message}.`);
    });
    await main.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    await useStableTextOutput(main);
    const migrations = await appliedMigrations(main);
    if (migrations.length === 0)
      throw new BackupError(
        'The database holds no Service Hub migrations: it is not a Service Hub database.',
      );
    const { rows: version } = await main.query<{ version: string; num: string; at: string }>(
      `SELECT current_setting('server_version') AS version, current_setting('server_version_num') AS num,
              to_char(now(), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at`,
    );
    const versionNum = Number(version[0]!.num);
    const { rows: exported } = await main.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
    const snapshot = exported[0]!.id;
    const tables = await listTables(main);
    const partitions = await listPartitions(main);
    const queues = await listQueues(main);
    const queueSchema = await jobQueueSchemaVersion(main);

    const tools =
      options.method === 'copy' ? undefined : await findPgTools(Math.floor(versionNum / 10000), options.env);
    if (options.method === 'pg_dump' && !tools)
      throw new BackupError(
        `No pg_dump of version ${Math.floor(versionNum / 10000)} or newer found (PATH, PG_BIN_DIR, /usr/lib/postgresql): use the built-in method.`,
      );
    const method = tools ? 'pg_dump' : 'copy';
    log(
      method === 'pg_dump'
        ? `backing up PostgreSQL ${version[0]!.version} with ${tools!.version} (${jobs} jobs)`
        : `backing up PostgreSQL ${version[0]!.version} with the built-in COPY backup (${jobs} connections)`,
    );

    const database = (async () => {
      // pg_dump opens its own connections: then one of ours computes the checksums beside it.
      for (let i = 0; i < (tools ? 1 : jobs); i++)
        helpers.push(await snapshotClient(options.databaseUrl, snapshot));
      const entries: TableEntry[] = [];
      if (tools) {
        // pg_dump reads the same snapshot; the counts and checksums come from ours alongside.
        const dumping = runPgDump({
          pgDump: tools.pgDump,
          url: options.databaseUrl,
          snapshot,
          jobs,
          dir: join(options.outDir, 'database'),
        });
        const checksums = onClients(helpers.slice(0, 1), tables, async (client, table) => {
          entries.push(await tableChecksum(client, table));
        });
        // Both end before anything is reported or cleaned up: a failed checksum must not leave
        // pg_dump writing into a folder that is being removed.
        const [dumped, summed] = await Promise.allSettled([dumping, checksums]);
        for (const outcome of [dumped, summed]) if (outcome.status === 'rejected') throw outcome.reason;
        log(`  pg_dump wrote database/ (${tables.length} tables)`);
      } else {
        await onClients(helpers, tables, async (client, table) => {
          const tableStarted = performance.now();
          const entry = await copyTable(client, table, options.outDir);
          entries.push(entry);
          // The big tables, not dozens of small ones: the summary counts them all.
          if (entry.rows >= 10_000 || seconds(tableStarted) >= 1)
            log(
              `  ${table.schema}.${table.name}: ${entry.rows} rows, ${megabytes(entry.bytes ?? 0)}, ${seconds(tableStarted).toFixed(1)} s`,
            );
        });
      }
      return entries;
    })();
    const files = (async () => {
      const stores: StoreEntry[] = [];
      for (const name of ['reports', 'attachments'] as const) {
        const source = options.stores[name];
        if (source.kind === 's3') {
          log(`  ${name}: in an object store, not copied (its bucket's versioning is its backup)`);
          stores.push({ name, kind: 's3', files: [] });
          continue;
        }
        const copied = await backUpDirectory(source.dir, join(options.outDir, 'files', name));
        const bytes = copied.files.reduce((sum, f) => sum + f.size, 0);
        log(
          `  ${name}: ${copied.files.length} files, ${megabytes(bytes)}` +
            (copied.vanished ? ` (${copied.vanished} deleted while copying, left out)` : ''),
        );
        stores.push({ name, kind: 'directory', files: copied.files });
      }
      return stores;
    })();
    const [tableEntries, stores] = await Promise.all([database, files]);
    // Sequences are not transactional: read last, so every id in the copied rows is below them.
    const sequences = await listSequences(main);
    await main.query('COMMIT');

    const order = new Map(tables.map((t, i) => [`${t.schema}.${t.name}`, i]));
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      version: MANIFEST_VERSION,
      // The snapshot's time (its transaction's start): the moment the backed-up data is from.
      createdAt: version[0]!.at,
      method,
      server: { version: version[0]!.version, versionNum },
      migrations,
      jobQueueSchemaVersion: queueSchema ?? null,
      tables: tableEntries.sort(
        (a, b) => order.get(`${a.schema}.${a.name}`)! - order.get(`${b.schema}.${b.name}`)!,
      ),
      partitions,
      sequences,
      queues,
      stores,
      seconds: Math.round(seconds(started) * 10) / 10,
    };
    const temporary = join(options.outDir, `${MANIFEST_FILE}.part`);
    await writeFile(temporary, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    await rename(temporary, join(options.outDir, MANIFEST_FILE));
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    const fileCount = stores.reduce((sum, s) => sum + s.files.length, 0);
    log(
      `backup written to ${options.outDir}: ${manifest.tables.length} tables, ${rows} rows, ${fileCount} files, ${manifest.seconds} s`,
    );
    return manifest;
  } catch (error) {
    // Nothing half-written is left to be mistaken for a backup (the folder was new or empty).
    for (const entry of await readdir(options.outDir).catch(() => [] as string[]))
      await rm(join(options.outDir, entry), { recursive: true, force: true });
    throw error;
  } finally {
    await Promise.all([main, ...helpers].map((c) => c.end().catch(() => undefined)));
  }
}
