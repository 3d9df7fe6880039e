import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppConfig } from '../config.ts';
import { EMBEDDED_DATABASE_NAME, ensureDatabaseExists } from '../db/bootstrap.ts';
import { startEmbeddedPostgres, systemClusterHome } from '../db/embedded-postgres.ts';
import type { StoreLocations } from './file-store.ts';

/** The database the command works on, and how to let go of it. */
export type OpenedTarget = { url: string; description: string; close: () => Promise<void> };

/**
 * The embedded cluster of a data folder when a Hub is running on it: its port is in the
 * server's postmaster.pid (4th line) and its password beside the cluster. Starting a second
 * server on the folder would stop the running one (embedded-postgres.ts stops leftovers).
 */
async function runningEmbedded(dataDir: string): Promise<string | undefined> {
  for (const home of [dataDir, systemClusterHome(dataDir)]) {
    const pidFile = join(home, 'pg', 'postmaster.pid');
    if (!existsSync(pidFile)) continue;
    const lines = (await readFile(pidFile, 'utf8')).split('\n');
    const pid = Number.parseInt(lines[0] ?? '', 10);
    const port = Number.parseInt(lines[3] ?? '', 10);
    try {
      process.kill(pid, 0);
    } catch {
      continue; // a stale pid file: nobody runs it
    }
    const password = (await readFile(join(home, 'pg-password'), 'utf8')).trim();
    return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE_NAME}`;
  }
  return undefined;
}

/**
 * Opens the configured database the way the server does (db/bootstrap.ts): DATABASE_URL (its
 * direct address, DATABASE_LISTEN_URL, when it goes through a pooler: pg_dump and a snapshot
 * shared between connections need sessions of their own), or the embedded PostgreSQL of the data
 * folder, reached where it already runs or started for the command and stopped after it.
 */
export async function openTarget(config: AppConfig, options: { create: boolean }): Promise<OpenedTarget> {
  const url = config.databaseListenUrl ?? config.databaseUrl;
  if (url) {
    const parsed = new URL(url);
    return {
      url,
      description: `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`,
      close: async () => undefined,
    };
  }
  const running = await runningEmbedded(config.dataDir);
  if (running) {
    return {
      url: running,
      description: `the running embedded PostgreSQL of ${config.dataDir}`,
      close: async () => undefined,
    };
  }
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir });
  try {
    if (options.create) await ensureDatabaseExists(embedded.url(), EMBEDDED_DATABASE_NAME);
  } catch (error) {
    await embedded.stop();
    throw error;
  }
  return {
    url: embedded.url(EMBEDDED_DATABASE_NAME),
    description: `the embedded PostgreSQL of ${config.dataDir}`,
    close: () => embedded.stop(),
  };
}

/** The configured file stores: local folders, or the object store (S3_BUCKET). */
export function configuredStores(config: AppConfig): StoreLocations {
  const { storage } = config;
  if (storage.objectStore) return { reports: { kind: 's3' }, attachments: { kind: 's3' } };
  return {
    reports: { kind: 'directory', dir: storage.reportsDir },
    attachments: { kind: 'directory', dir: storage.attachmentsDir },
  };
}
