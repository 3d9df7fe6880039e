import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type PgTools = { pgDump: string; pgRestore: string; major: number; version: string };

/** The folders to look in: PG_BIN_DIR, the PATH, then Debian's /usr/lib/postgresql/<major>/bin. */
async function candidateDirs(env: NodeJS.ProcessEnv): Promise<string[]> {
  const dirs: string[] = [];
  if (env.PG_BIN_DIR) dirs.push(env.PG_BIN_DIR);
  dirs.push(...(env.PATH ?? '').split(delimiter).filter(Boolean));
  const debian = '/usr/lib/postgresql';
  const majors = await readdir(debian).catch(() => [] as string[]);
  // Newest first: a newer pg_dump dumps older servers too.
  for (const major of majors.sort((a, b) => Number(b) - Number(a))) dirs.push(join(debian, major, 'bin'));
  return dirs;
}

/** "pg_dump (PostgreSQL) 17.2 (Debian …)" → 17. */
export function majorOf(versionOutput: string): number | undefined {
  const match = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(versionOutput);
  return match ? Number(match[1]) : undefined;
}

/**
 * A pg_dump and pg_restore that can dump a server of `serverMajor`: pg_dump refuses servers of a
 * newer major version than its own. The embedded PostgreSQL package ships neither, so on the
 * default install this usually answers undefined and the built-in COPY backup is used instead.
 */
export async function findPgTools(serverMajor: number, env = process.env): Promise<PgTools | undefined> {
  for (const dir of await candidateDirs(env)) {
    const pgDump = join(dir, 'pg_dump');
    const pgRestore = join(dir, 'pg_restore');
    if (!existsSync(pgDump) || !existsSync(pgRestore)) continue;
    const output = await run(pgDump, ['--version']).then(
      (r) => r.stdout,
      () => '',
    );
    const major = majorOf(output);
    if (major !== undefined && major >= serverMajor)
      return { pgDump, pgRestore, major, version: output.trim() };
  }
  return undefined;
}

/**
 * The libpq environment for a connection string, so that the password reaches pg_dump through its
 * environment, never its command line (which `ps` shows to every user of the machine).
 */
export function libpqEnvironment(url: string): NodeJS.ProcessEnv {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = {
    PGHOST: decodeURIComponent(parsed.hostname).replace(/^\[(.*)\]$/, '$1'),
    PGPORT: parsed.port || '5432',
    PGDATABASE: decodeURIComponent(parsed.pathname.slice(1)),
    PGUSER: decodeURIComponent(parsed.username),
    PGPASSWORD: decodeURIComponent(parsed.password),
  };
  const sslmode = parsed.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}
