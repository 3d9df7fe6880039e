import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { apiRoot } from '../lib/paths.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { postgresBinaries } from './postgres-binaries.ts';

const isRoot = process.getuid?.() === 0;
const UNCREATABLE = '/dev/null/service-hub';

type Settings = { user: string; dataDirectory: string; binDir: string };

/** Runs one query on a fresh connection and returns its first row. */
async function firstRow<Row extends object>(url: string, sql: string): Promise<Row> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(sql)).rows[0]!;
  } finally {
    await client.end();
  }
}

describe('[DB] embedded PostgreSQL wherever the repository is', () => {
  const folders: string[] = [];
  async function folder(mode: number): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'service-hub-embedded-'));
    await chmod(dir, mode);
    folders.push(dir);
    return dir;
  }
  afterEach(async () => {
    for (const dir of folders.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it.runIf(isRoot)(
    'as root, runs a cluster for a data folder in a private folder from binaries and data the postgres user can reach',
    async () => {
      const systemDir = await folder(0o755);
      const dataDir = join(await folder(0o700), 'hub', '.data');
      const sql = `SELECT current_user AS "user", current_setting('data_directory') AS "dataDirectory",
                          (SELECT setting FROM pg_config WHERE name = 'BINDIR') AS "binDir"`;

      const first = await startEmbeddedPostgres({ dataDir, systemDir });
      const row = await firstRow<Settings>(first.url(), sql).finally(() => first.stop());
      expect(row.user).toBe('postgres');
      expect(row.dataDirectory).toBe(first.databaseDir);
      expect(row.dataDirectory.startsWith(`${systemDir}/data-`)).toBe(true);
      expect(row.binDir.startsWith(`${systemDir}/embedded-postgres-`)).toBe(true);

      // A restart finds the same cluster and its password.
      const second = await startEmbeddedPostgres({ dataDir, systemDir });
      const again = await firstRow<Settings>(second.url(), sql).finally(() => second.stop());
      expect(again).toEqual(row);
    },
    180_000,
  );

  it('copies the binaries once, whole, however many starts ask at the same time', async () => {
    const into = await folder(0o755);
    const copies = await Promise.all([postgresBinaries(into), postgresBinaries(into)]);
    expect(copies[1]).toEqual(copies[0]);
    expect(existsSync(copies[0].postgres) && existsSync(copies[0].initdb)).toBe(true);
    expect(await readdir(into)).toHaveLength(1); // no staging folder left behind
  }, 60_000);

  it('stops with one sentence naming the data folder and the fix when it cannot be created', async () => {
    await expect(startEmbeddedPostgres({ dataDir: UNCREATABLE })).rejects.toThrow(
      `Cannot create the data folder ${UNCREATABLE} (ENOTDIR): set HUB_DATA_DIR to a folder you can ` +
        'write to, or DATABASE_URL to an existing PostgreSQL.',
    );
  });

  it.runIf(isRoot)(
    "as root, stops with one sentence naming the folder for the postgres user's binaries when it cannot be created",
    async () => {
      const dataDir = await folder(0o755);
      await expect(startEmbeddedPostgres({ dataDir, systemDir: UNCREATABLE })).rejects.toThrow(
        `Cannot create ${UNCREATABLE} (ENOTDIR), where the embedded PostgreSQL started as root keeps ` +
          "its binaries for the 'postgres' user: make that folder writable for root, start Service " +
          'Hub as a normal user, or set DATABASE_URL.',
      );
    },
  );

  it('npm start prints only that sentence and exits with 1', async () => {
    const { DATABASE_URL: _ignored, ...env } = process.env;
    const server = spawn(process.execPath, ['--import', 'tsx', join(apiRoot, 'src', 'server.ts')], {
      env: { ...env, HUB_DATA_DIR: UNCREATABLE, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const code = await new Promise<number | null>((done) => server.once('exit', done));
    expect(code).toBe(1);
    // oidc-provider's notice on Node 20 aside (see docs/architecture.md), nothing but the sentence.
    const lines = stderr.split('\n').filter((line) => line && !line.startsWith('oidc-provider WARNING'));
    expect(lines).toEqual([
      `Cannot create the data folder ${UNCREATABLE} (ENOTDIR): set HUB_DATA_DIR to a folder you can ` +
        'write to, or DATABASE_URL to an existing PostgreSQL.',
    ]);
  }, 30_000);
});
