/**
 * The real built Service Hub as separate processes on one embedded PostgreSQL, for `npm run load`
 * and `npm run test:instances`: `node apps/api/dist/server.js` (web instances) and
 * `node apps/api/dist/worker.js` (queue workers), as production runs them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ensureDatabaseExists } from '../apps/api/src/db/bootstrap.ts';
import {
  freePort,
  startEmbeddedPostgres,
  type EmbeddedDatabase,
} from '../apps/api/src/db/embedded-postgres.ts';
import { createDatabase, type Database } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { seedDemoDataIfEmpty } from '../apps/api/src/seed/demo-seed.ts';

const dist = join(import.meta.dirname, '..', 'apps', 'api', 'dist');

/** PostgreSQL that can be stopped and started again on the same port (a restart, as clients see it). */
export type Postgres = {
  url: string;
  db: Database;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  close: () => Promise<void>;
};

export async function startPostgres(options: {
  dataDir: string;
  database: string;
  documents: number;
}): Promise<Postgres> {
  const port = await freePort();
  let embedded: EmbeddedDatabase | undefined = await startEmbeddedPostgres({
    dataDir: options.dataDir,
    port,
  });
  await ensureDatabaseExists(embedded.url(), options.database);
  const url = embedded.url(options.database);
  const db = createDatabase(url, { max: 5 });
  await runMigrations(db.$client);
  await seedDemoDataIfEmpty(db.$client, { documents: options.documents });
  return {
    url,
    db,
    stop: async () => {
      await embedded?.stop();
      embedded = undefined;
    },
    start: async () => {
      embedded = await startEmbeddedPostgres({ dataDir: options.dataDir, port });
    },
    close: async () => {
      await db.$client.end().catch(() => undefined);
      await embedded?.stop();
    },
  };
}

export type HubProcess = {
  name: string;
  child: ChildProcess;
  url: string | undefined;
  output: () => string;
  rssBytes: () => Promise<number>;
  exited: Promise<number | null>;
  stop: () => Promise<number | null>;
};

/** Starts one process of the built API: `server` (listening on a free port) or `worker`. */
export async function startProcess(
  kind: 'server' | 'worker',
  options: {
    name: string;
    databaseUrl: string;
    env?: Record<string, string>;
    /** Another build's dist folder (the upgrade test runs the previous release from a worktree). */
    distDir?: string;
  },
): Promise<HubProcess> {
  const port = kind === 'server' ? await freePort() : undefined;
  const child = spawn(process.execPath, [join(options.distDir ?? dist, `${kind}.js`)], {
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      HUB_SEED: '0',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      ...(port ? { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-200_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  // Never outlive the test or the load run: an orphan blocks on its unread output pipe for good.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.removeListener('exit', killOnExit));
  const readyText = kind === 'server' ? 'Service Hub is running' : 'worker is working the job queue';
  for (let i = 0; i < 600 && !output.includes(readyText); i++) {
    if (child.exitCode !== null) throw new Error(`${options.name} exited: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!output.includes(readyText)) {
    child.kill('SIGKILL');
    throw new Error(`${options.name} did not start: ${output}`);
  }
  return {
    name: options.name,
    child,
    url: port ? `http://127.0.0.1:${port}` : undefined,
    output: () => output,
    rssBytes: async () => {
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    },
    exited,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Signs in through the own authentication service; answers the bearer token. */
export async function signIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo-password' }),
  });
  if (response.status !== 200)
    throw new Error(`sign-in as ${email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}
