import pg from 'pg';
import type { AppConfig } from '../config.ts';
import { createDatabase, type Database } from './client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres.ts';
import { runMigrations } from './migrate.ts';

export const EMBEDDED_DATABASE_NAME = 'service_hub';

type Logger = { info: (msg: string) => void; error: (msg: string) => void };

export type OpenedDatabase = { db: Database; embedded?: EmbeddedDatabase; close: () => Promise<void> };

/** Creates the database on a server if it is missing (the embedded cluster starts with only `postgres`). */
export async function ensureDatabaseExists(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/**
 * Through a pooler the statement limit is the pooler's to set on its server connections (PgBouncer's
 * `connect_query`, or `ALTER ROLE … SET statement_timeout`): the application cannot. Says so when
 * the connection it was given has another limit than DATABASE_STATEMENT_TIMEOUT_MS.
 */
async function warnUnlessPoolerLimits(db: Database, expectedMs: number, logger: Logger): Promise<void> {
  const { rows } = await db.$client.query<{ ms: string }>(
    "SELECT setting AS ms FROM pg_settings WHERE name = 'statement_timeout'",
  );
  const actual = Number(rows[0]?.ms ?? 0);
  if (actual !== expectedMs) {
    logger.error(
      `the pooled connection's statement_timeout is ${actual} ms, not DATABASE_STATEMENT_TIMEOUT_MS ` +
        `(${expectedMs} ms): set it on the pooler (PgBouncer connect_query) or the role (docs/operations.md)`,
    );
  }
}

/**
 * The database the configuration points at: `DATABASE_URL`, or an embedded PostgreSQL under
 * `HUB_DATA_DIR` when it is unset. Migrations are applied before it is handed out.
 */
export async function openDatabase(config: AppConfig, logger: Logger): Promise<OpenedDatabase> {
  let url = config.databaseUrl;
  let embedded: EmbeddedDatabase | undefined;
  if (!url) {
    logger.info(`starting embedded PostgreSQL in ${config.dataDir}`);
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      logger: { info: () => undefined, error: (m) => logger.error(m) },
    });
    logger.info(`embedded PostgreSQL keeps its cluster in ${embedded.databaseDir}`);
    await ensureDatabaseExists(embedded.url(), EMBEDDED_DATABASE_NAME);
    url = embedded.url(EMBEDDED_DATABASE_NAME);
  }
  const db = createDatabase(url, {
    onError: (error) => logger.error(`idle database connection failed: ${error.message}`),
    connectTimeoutMs: config.database.connectTimeoutMs,
    statementTimeoutMs: config.database.statementTimeoutMs,
    listenUrl: config.databaseListenUrl,
  });
  // Migrations hold a session advisory lock and lift the statement limit for their session: on
  // a direct connection, never through a transaction-mode pooler (the lock and the SET would stay
  // on whichever server connection ran them, for other clients to inherit).
  const migrating = config.databaseListenUrl ? new pg.Pool({ ...db.$session, max: 1 }) : db.$client;
  try {
    await runMigrations(migrating, { onLockTimeout: (message) => logger.info(message) });
    if (config.databaseListenUrl)
      await warnUnlessPoolerLimits(db, config.database.statementTimeoutMs, logger);
  } catch (error) {
    await db.$client.end();
    await embedded?.stop();
    throw error;
  } finally {
    if (migrating !== db.$client) await migrating.end();
  }
  return {
    db,
    embedded,
    close: async () => {
      await db.$client.end();
      await embedded?.stop();
    },
  };
}
