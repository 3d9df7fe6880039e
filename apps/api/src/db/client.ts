import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Database = NodePgDatabase<typeof schema> & {
  $client: pg.Pool;
  /**
   * How to open a connection that keeps a session of its own: LISTEN, session advisory locks (job
   * leases, migrations), a SET that must last. The direct address (DATABASE_LISTEN_URL) when the
   * pool goes through a transaction-mode pooler, which hands each transaction, and each statement
   * outside one, to any of its server connections; otherwise the pool's own address.
   */
  $session: pg.ClientConfig;
};

// Return bigint (int8) values as numbers (our ids stay far below 2^53) and dates as 'YYYY-MM-DD'.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export type PoolOptions = {
  max?: number;
  onError?: (error: Error) => void;
  /** Longest wait for a connection (a new one, or a free one of a busy pool); default 5 s. */
  connectTimeoutMs?: number;
  /**
   * Longest a statement may run on the server; 0 or unset: no limit. Long work lifts it with
   * `SET LOCAL` inside its own transaction. Ignored for a pooled `url` (see `listenUrl`).
   */
  statementTimeoutMs?: number;
  /**
   * The direct address when `url` is a pooler in transaction mode (DATABASE_LISTEN_URL): session
   * work goes there (`$session`), and the statement limit is the pooler's, set on each of its server
   * connections (PgBouncer's `connect_query`): a SET sent through it would land on one server
   * connection, stay there for whichever client gets it next, and miss all the others.
   */
  listenUrl?: string;
};

export function createDatabase(url: string, options: PoolOptions = {}): Database {
  // A SET rather than a startup parameter: PgBouncer refuses startup parameters it does not know.
  // It runs in the pool's onConnect hook, which the pool awaits before it hands the connection
  // out: from a 'connect' listener it would run alongside the checkout's first query, two queries
  // at once on one client (which pg deprecates, and a failed SET would go unnoticed).
  const statementTimeout = options.listenUrl === undefined ? options.statementTimeoutMs : undefined;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 20,
    application_name: 'service-hub',
    // Without these a request waits forever for a database that went away: a connection attempt
    // into a dropped network, a checkout from a pool whose connections all hang.
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    keepAlive: true,
    ...(statementTimeout
      ? {
          onConnect: async (client: pg.ClientBase) => {
            await client.query(`SET statement_timeout = ${Math.trunc(statementTimeout)}`);
          },
        }
      : {}),
  });
  // An idle connection that the server closes (restart, failover) must not crash the process;
  // the pool replaces it on the next checkout.
  pool.on('error', options.onError ?? (() => undefined));
  const $session: pg.ClientConfig = {
    connectionString: options.listenUrl ?? url,
    application_name: 'service-hub',
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    keepAlive: true,
  };
  return Object.assign(drizzle({ client: pool, schema, casing: 'snake_case' }), { $session });
}

export { schema };
