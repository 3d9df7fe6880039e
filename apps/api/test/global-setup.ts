import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensureDatabaseExists } from '../src/db/bootstrap.ts';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { seedDemoDataIfEmpty } from '../src/seed/demo-seed.ts';
import { watchPgMisuse } from './pg-misuse.ts';

export const TEMPLATE_DATABASE = 'hub_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the test PostgreSQL server, without a database name. */
    databaseServerUrl: string;
    /** Where each API test file reports the secrets found in its spans (setup-tracing.ts). */
    spanReportDir: string;
  }
}

/**
 * Starts one real PostgreSQL for the whole run (the embedded one, or the server in
 * TEST_DATABASE_URL), migrates and seeds a template database once, and lets every test file
 * clone its own database from it (see test/helpers.ts).
 */
export default async function setup(project: TestProject) {
  let serverUrl: string;
  let stop: () => Promise<void>;
  if (process.env.TEST_DATABASE_URL) {
    serverUrl = process.env.TEST_DATABASE_URL;
    stop = async () => undefined;
  } else {
    const dataDir = await mkdtemp(join(tmpdir(), 'service-hub-test-'));
    // As root, PostgreSQL runs as the postgres user: open to it, the cluster stays in here.
    await chmod(dataDir, 0o755);
    const embedded = await startEmbeddedPostgres({ dataDir });
    serverUrl = embedded.url();
    stop = async () => {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
      // Under a private TMPDIR the cluster lives under /var/lib/service-hub instead.
      await rm(dirname(embedded.databaseDir), { recursive: true, force: true });
    };
  }
  // Migrations and the seed run here, outside any test file: misusing pg there fails the run.
  const pgMisuse = watchPgMisuse();
  await dropDatabase(serverUrl, TEMPLATE_DATABASE);
  await ensureDatabaseExists(serverUrl, TEMPLATE_DATABASE);
  const pool = new pg.Pool({ connectionString: withDatabase(serverUrl, TEMPLATE_DATABASE) });
  await runMigrations(pool);
  // A fixed clock and seed: every run sees the same demo data.
  await seedDemoDataIfEmpty(pool, { now: new Date('2026-11-20T12:00:00Z'), documents: 20_000 });
  await pool.end();
  await new Promise((resolve) => setImmediate(resolve));
  pgMisuse.stop();
  try {
    pgMisuse.check('while migrating and seeding the template database');
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide('databaseServerUrl', serverUrl);
  const spanReportDir = await mkdtemp(join(tmpdir(), 'hub-span-reports-'));
  project.provide('spanReportDir', spanReportDir);
  // Only the API project traces every file (vitest.config.ts: test/setup-tracing.ts).
  const traced = project.config.setupFiles.some((file) => file.endsWith('setup-tracing.ts'));
  return async () => {
    await stop();
    await checkSpanReports(spanReportDir, traced);
  };
}

/**
 * The whole run's spans and metric labels held no secret (test/setup-tracing.ts): each file
 * checked its own, and wrote them down when its process ended, so a span that ended after the
 * file's last hook is counted here.
 */
async function checkSpanReports(dir: string, traced: boolean): Promise<void> {
  const reports = await Promise.all(
    (await readdir(dir)).map(
      async (name) =>
        JSON.parse(await readFile(join(dir, name), 'utf8')) as {
          spans: number;
          leaks: { where: string; shape: string }[];
        },
    ),
  );
  await rm(dir, { recursive: true, force: true });
  // A run that was meant to trace but where no file reported checked nothing: that must not pass.
  if (traced && reports.length === 0)
    throw new Error('No test file reported its spans: test/setup-tracing.ts did not run.');
  const leaks = reports.flatMap((report) => report.leaks);
  if (leaks.length > 0) {
    const list = leaks.map((leak) => `${leak.shape} in ${leak.where}`).join('\n  ');
    throw new Error(`Secrets in span attributes or metric labels:\n  ${list}`);
  }
}

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
