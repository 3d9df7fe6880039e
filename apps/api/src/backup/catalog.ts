import type { ClientBase } from 'pg';
import type { PartitionEntry, QueueEntry, SequenceEntry, TableChecksum } from './manifest.ts';

/**
 * The schemas that hold the Hub's data: its own tables (public), drizzle's list of applied
 * migrations (drizzle) and the job queue (pgboss, the schema set in plugins/jobs.ts).
 */
export const HUB_SCHEMAS = ['public', 'drizzle', 'pgboss'] as const;

export type TableName = { schema: string; name: string };

export const qualified = (client: ClientBase, table: TableName) =>
  `${client.escapeIdentifier(table.schema)}.${client.escapeIdentifier(table.name)}`;

/**
 * Text output that does not depend on the session: a row's text (and so its checksum) must be the
 * same on the backed-up and the restored server, whatever their configured time zone or styles.
 */
export async function useStableTextOutput(client: ClientBase): Promise<void> {
  await client.query(
    `SET TimeZone = 'UTC'; SET DateStyle = 'ISO, YMD'; SET IntervalStyle = 'postgres';
     SET extra_float_digits = 3; SET bytea_output = 'hex'; SET statement_timeout = 0`,
  );
}

/**
 * The tables whose rows are backed up: ordinary and partitioned tables of the Hub's schemas,
 * without partitions (their rows are read and written through their parent, which routes each row
 * to the partition that holds it on the restored server). Largest first, so that parallel copies
 * finish together.
 */
export async function listTables(client: ClientBase): Promise<TableName[]> {
  const { rows } = await client.query<TableName>(
    `SELECT n.nspname AS schema, c.relname AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND NOT EXISTS (SELECT 1 FROM pg_depend d
                         WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
      ORDER BY (SELECT coalesce(sum(pg_relation_size(p.relid)), 0)
                  FROM pg_partition_tree(c.oid) p) DESC, n.nspname, c.relname`,
    [HUB_SCHEMAS],
  );
  return rows;
}

/** Every partition with its parent and bound (`FOR VALUES …` or `DEFAULT`), parents first. */
export async function listPartitions(client: ClientBase): Promise<PartitionEntry[]> {
  const { rows } = await client.query<PartitionEntry>(
    `SELECT n.nspname AS schema, c.relname AS name, pn.nspname AS "parentSchema", p.relname AS parent,
            pg_get_expr(c.relpartbound, c.oid) AS bound
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_inherits i ON i.inhrelid = c.oid
       JOIN pg_class p ON p.oid = i.inhparent
       JOIN pg_namespace pn ON pn.oid = p.relnamespace
      WHERE n.nspname = ANY($1) AND c.relispartition AND c.relkind IN ('r', 'p')
      ORDER BY p.relispartition, n.nspname, c.relname`,
    [HUB_SCHEMAS],
  );
  return rows;
}

/** Sequences with their current value (like pg_dump, the value now, not as of the snapshot). */
export async function listSequences(client: ClientBase): Promise<SequenceEntry[]> {
  const { rows: names } = await client.query<TableName>(
    `SELECT schemaname AS schema, sequencename AS name FROM pg_sequences
      WHERE schemaname = ANY($1) ORDER BY schemaname, sequencename`,
    [HUB_SCHEMAS],
  );
  const sequences: SequenceEntry[] = [];
  for (const sequence of names) {
    const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text, is_called FROM ${qualified(client, sequence)}`,
    );
    sequences.push({ ...sequence, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
  }
  return sequences;
}

/** The job queues pg-boss knows, with the options it was given (each has its own partition). */
export async function listQueues(client: ClientBase): Promise<QueueEntry[]> {
  if (!(await tableExists(client, { schema: 'pgboss', name: 'queue' }))) return [];
  const { rows } = await client.query<QueueEntry>(
    `SELECT name, policy, retry_limit AS "retryLimit", retry_delay AS "retryDelay",
            retry_backoff AS "retryBackoff", expire_seconds AS "expireInSeconds",
            retention_minutes AS "retentionMinutes", dead_letter AS "deadLetter"
       FROM pgboss.queue ORDER BY name`,
  );
  return rows;
}

/** The version of pg-boss's schema, when the database has one. */
export async function jobQueueSchemaVersion(client: ClientBase): Promise<number | undefined> {
  if (!(await tableExists(client, { schema: 'pgboss', name: 'version' }))) return undefined;
  const { rows } = await client.query<{ version: number }>(
    'SELECT max(version) AS version FROM pgboss.version',
  );
  return rows[0]?.version ?? undefined;
}

/** drizzle's list of applied migrations, oldest first (hash of the SQL, the journal's time). */
export async function appliedMigrations(client: ClientBase): Promise<{ hash: string; createdAt: string }[]> {
  if (!(await tableExists(client, { schema: 'drizzle', name: '__drizzle_migrations' }))) return [];
  const { rows } = await client.query<{ hash: string; createdAt: string }>(
    'SELECT hash, created_at::text AS "createdAt" FROM drizzle.__drizzle_migrations ORDER BY created_at, id',
  );
  return rows;
}

export async function tableExists(client: ClientBase, table: TableName): Promise<boolean> {
  const { rows } = await client.query<{ found: string | null }>('SELECT to_regclass($1)::text AS found', [
    `${client.escapeIdentifier(table.schema)}.${client.escapeIdentifier(table.name)}`,
  ]);
  return rows[0]?.found !== null && rows[0]?.found !== undefined;
}

/**
 * A table's row count and an order-independent checksum of its rows: the sum of a 64-bit hash of
 * each row's text. Equal on two servers when they hold the same rows, whatever their physical
 * order (a restore writes them in another); needs `useStableTextOutput` on both sides.
 */
export async function tableChecksum(client: ClientBase, table: TableName): Promise<TableChecksum> {
  const { rows } = await client.query<{ rows: string; checksum: string }>(
    `SELECT count(*)::text AS rows, coalesce(sum(hashtextextended(t::text, 0)), 0)::text AS checksum
       FROM ${qualified(client, table)} AS t`,
  );
  return { schema: table.schema, name: table.name, rows: Number(rows[0]!.rows), checksum: rows[0]!.checksum };
}

/** Relations of the Hub's schemas that exist in a database (extension members left aside). */
export async function countHubRelations(client: ClientBase): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
        AND NOT EXISTS (SELECT 1 FROM pg_depend d
                         WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')`,
    [HUB_SCHEMAS],
  );
  return rows[0]!.n;
}
