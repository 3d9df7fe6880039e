import { existsSync } from 'node:fs';
import { chown, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../apps/api/src/db/embedded-postgres.ts';
import { postgresUser } from '../apps/api/src/db/postgres-user.ts';
import { startDaemon } from './daemon.ts';

/** Debian's PgBouncer (`apt-get install pgbouncer`; .ci/run installs it). */
export const PGBOUNCER = '/usr/sbin/pgbouncer';

export type PgBouncer = {
  /** The pooled address of the same database, for DATABASE_URL. */
  url: string;
  /** The PostgreSQL process ids of PgBouncer's server connections (admin console, SHOW SERVERS). */
  serverPids: () => Promise<number[]>;
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * PgBouncer in transaction mode in front of one database, as docs/operations.md ("Behind nginx and
 * PgBouncer") configures it: its own process on a free loopback port, its ini and auth file in a
 * temporary folder. Each server connection starts with the statement limit (`connect_query`),
 * the one thing the API would otherwise SET per session. As root it runs as the `postgres` system
 * user (PgBouncer refuses root), like the embedded PostgreSQL.
 */
export async function startPgBouncer(options: {
  /** The direct address (user, password and database are taken from it). */
  databaseUrl: string;
  /** Server connections per user and database (default 20). */
  poolSize?: number;
  /** DATABASE_STATEMENT_TIMEOUT_MS of the processes using it (default 30 000). */
  statementTimeoutMs?: number;
}): Promise<PgBouncer> {
  if (!existsSync(PGBOUNCER))
    throw new Error('pgbouncer is not installed: apt-get install pgbouncer (.ci/run does)');
  const direct = new URL(options.databaseUrl);
  const database = decodeURIComponent(direct.pathname.slice(1));
  const user = decodeURIComponent(direct.username);
  const password = decodeURIComponent(direct.password);
  const dir = await mkdtemp(join(tmpdir(), 'hub-pgbouncer-'));
  const port = await freePort();
  const quoted = (value: string) => `"${value.replaceAll('"', '""')}"`;
  const authFile = join(dir, 'userlist.txt');
  // Plain text, in a file only PgBouncer's user may read: it needs the password itself to sign in
  // to PostgreSQL with SCRAM on the clients' behalf.
  await writeFile(authFile, `${quoted(user)} ${quoted(password)}\n`, { mode: 0o600 });
  const iniFile = join(dir, 'pgbouncer.ini');
  const statementTimeoutMs = Math.trunc(options.statementTimeoutMs ?? 30_000);
  await writeFile(
    iniFile,
    [
      '[databases]',
      `${database} = host=${direct.hostname} port=${direct.port || 5432} dbname=${database} ` +
        `connect_query='SET statement_timeout = ${statementTimeoutMs}'`,
      '',
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = scram-sha-256',
      `auth_file = ${authFile}`,
      'pool_mode = transaction',
      `default_pool_size = ${options.poolSize ?? 20}`,
      'max_client_conn = 1000',
      `pidfile = ${join(dir, 'pgbouncer.pid')}`,
      // The user may read the admin console (`pgbouncer` database): serverPids.
      `admin_users = ${user}`,
      'log_connections = 0',
      'log_disconnections = 0',
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  const runAs = process.getuid?.() === 0 ? await postgresUser() : undefined;
  if (runAs) {
    for (const path of [dir, authFile, iniFile]) await chown(path, runAs.uid, runAs.gid);
  }
  const daemon = await startDaemon({
    name: 'pgbouncer',
    command: PGBOUNCER,
    args: [iniFile],
    spawnOptions: { ...runAs },
    port,
    stopSignal: 'SIGINT', // PgBouncer's immediate shutdown
    dir,
  });
  const pooled = new URL(options.databaseUrl);
  pooled.hostname = '127.0.0.1';
  pooled.port = String(port);
  const adminUrl = new URL(pooled);
  adminUrl.pathname = '/pgbouncer';
  const serverPids = async () => {
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ remote_pid: string }>('SHOW SERVERS');
      return rows.map((row) => Number(row.remote_pid));
    } finally {
      await admin.end();
    }
  };
  return { url: pooled.toString(), serverPids, ...daemon };
}
