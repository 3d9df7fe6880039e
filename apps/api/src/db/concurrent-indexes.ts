import type pg from 'pg';

/**
 * An index on a table that already holds rows. A plain `CREATE INDEX` blocks the table's writes
 * while it builds, and `CREATE INDEX CONCURRENTLY` cannot run inside a transaction, so not in a
 * drizzle migration (drizzle runs every pending file in one). Such indexes are listed here and
 * built by the migration runner once the migrations have committed (docs/operations.md,
 * "Rolling upgrades"). Declare the index in the Drizzle schema as well, so that the snapshot
 * knows it, and delete the `CREATE INDEX` that drizzle-kit wrote into the migration.
 */
export type ConcurrentIndex = {
  /** The index's name; on a partitioned table the parent's, each partition's derives from it. */
  name: string;
  table: string;
  /** Everything after `ON <table>`: method, columns or expressions, INCLUDE, WHERE. */
  definition: string;
  unique?: boolean;
};

/** Built after the migrations, in this order. */
export const CONCURRENT_INDEXES: readonly ConcurrentIndex[] = [
  // 0023_webhook-due-index: the dispatcher's claim order (schema/webhooks.ts). Until it is built
  // the claim sorts the due deliveries: slower, never wrong.
  {
    name: 'webhook_deliveries_due_order_idx',
    table: 'webhook_deliveries',
    definition: `USING btree (next_attempt_at, event_id) WHERE state IN ('pending', 'failing')`,
  },
  // 0024_identity-provisioning: SCIM filters `sw` / `co` on e-mail and display name
  // (schema/users.ts). Until they are built such a filter reads the directory's users.
  {
    name: 'users_email_trgm_idx',
    table: 'users',
    definition: 'USING gin (lower(email) gin_trgm_ops)',
  },
  {
    name: 'users_display_name_trgm_idx',
    table: 'users',
    definition: 'USING gin (lower(display_name) gin_trgm_ops)',
  },
];

/** How long the brief catalog steps (an `ON ONLY` parent index, an `ATTACH`) may wait for a lock. */
const CATALOG_LOCK_TIMEOUT = '1s';
const CATALOG_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000];

type IndexState = 'missing' | 'valid' | 'invalid';

async function indexState(client: pg.ClientBase, name: string): Promise<IndexState> {
  const { rows } = await client.query<{ valid: boolean }>(
    `SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE c.relname = $1 AND c.relnamespace = current_schema()::regnamespace`,
    [name],
  );
  if (!rows[0]) return 'missing';
  return rows[0].valid ? 'valid' : 'invalid';
}

function isLockTimeout(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === '55P03';
}

/**
 * A statement that takes a blocking lock only for a catalog change: in its own transaction with a
 * short lock_timeout, so that requests never queue behind it for long; tried again after a pause.
 */
async function briefly(client: pg.ClientBase, sql: string, retryDelaysMs: readonly number[]): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await client.query('BEGIN');
      await client.query(`SET LOCAL lock_timeout = '${CATALOG_LOCK_TIMEOUT}'`);
      await client.query(sql);
      await client.query('COMMIT');
      return;
    } catch (error) {
      await client.query('ROLLBACK');
      const delayMs = retryDelaysMs[attempt];
      if (!isLockTimeout(error) || delayMs === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}

/** Builds one index concurrently, first dropping an INVALID leftover of an interrupted build. */
async function buildConcurrently(
  client: pg.ClientBase,
  name: string,
  table: string,
  index: ConcurrentIndex,
): Promise<void> {
  const state = await indexState(client, name);
  if (state === 'valid') return;
  const id = client.escapeIdentifier(name);
  // IF NOT EXISTS would keep an invalid index, which no query uses and every write still updates.
  if (state === 'invalid') await client.query(`DROP INDEX CONCURRENTLY ${id}`);
  await client.query(
    `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX CONCURRENTLY ${id} ON ${client.escapeIdentifier(table)} ${index.definition}`,
  );
}

/** A partition's index: the parent index's name with the partition's suffix (`…_y2026m11`). */
export function partitionIndexName(index: ConcurrentIndex, partition: string): string {
  const suffix = partition.startsWith(`${index.table}_`)
    ? partition.slice(index.table.length + 1)
    : partition;
  const name = `${index.name}_${suffix}`;
  // PostgreSQL would cut a longer name silently, and two partitions could then share one.
  if (Buffer.byteLength(name) > 63) throw new Error(`index name ${name} is longer than 63 bytes`);
  return name;
}

/**
 * A partitioned table: CONCURRENTLY is refused on the parent. Its index is created ON ONLY the
 * parent (a catalog entry, invalid for now), each partition's concurrently and then attached;
 * PostgreSQL marks the parent's valid with the last one, and gives partitions created later
 * their own at once.
 */
async function buildOnPartitions(
  client: pg.ClientBase,
  index: ConcurrentIndex,
  retryDelaysMs: readonly number[],
): Promise<void> {
  const parentState = await indexState(client, index.name);
  if (parentState === 'valid') return;
  const parent = client.escapeIdentifier(index.name);
  if (parentState === 'missing')
    await briefly(
      client,
      `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX ${parent} ON ONLY ${client.escapeIdentifier(index.table)} ${index.definition}`,
      retryDelaysMs,
    );
  const { rows: partitions } = await client.query<{ partition: string; attached: boolean }>(
    `SELECT c.relname AS partition,
            EXISTS (SELECT 1 FROM pg_inherits ii JOIN pg_index ix ON ix.indexrelid = ii.inhrelid
                     WHERE ii.inhparent = $2::regclass AND ix.indrelid = c.oid) AS attached
       FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = $1::regclass
      ORDER BY c.relname`,
    [index.table, index.name],
  );
  for (const { partition, attached } of partitions) {
    if (attached) continue;
    const name = partitionIndexName(index, partition);
    await buildConcurrently(client, name, partition, index);
    await briefly(
      client,
      `ALTER INDEX ${parent} ATTACH PARTITION ${client.escapeIdentifier(name)}`,
      retryDelaysMs,
    );
  }
}

/**
 * Builds the listed indexes that are missing or were left invalid, without blocking reads or
 * writes of their tables; a valid one costs one catalog query. Runs on a session outside any
 * transaction, with no statement limit: a concurrent build waits for older transactions to end,
 * which blocks nobody.
 */
export async function buildConcurrentIndexes(
  client: pg.ClientBase,
  indexes: readonly ConcurrentIndex[],
  options: { retryDelaysMs?: readonly number[] } = {},
): Promise<void> {
  if (indexes.length === 0) return;
  const retryDelaysMs = options.retryDelaysMs ?? CATALOG_RETRY_DELAYS_MS;
  await client.query('SET lock_timeout = 0');
  for (const index of indexes) {
    const { rows } = await client.query<{ kind: string }>(
      'SELECT relkind AS kind FROM pg_class WHERE oid = $1::regclass',
      [index.table],
    );
    if (rows[0]?.kind === 'p') await buildOnPartitions(client, index, retryDelaysMs);
    else await buildConcurrently(client, index.name, index.table, index);
  }
}
