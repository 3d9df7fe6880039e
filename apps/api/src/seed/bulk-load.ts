import type { PoolClient } from 'pg';

/**
 * Runs `load` in one transaction with the tables' foreign keys and non-unique indexes set aside,
 * then builds each index in one sorted pass and checks each foreign key with one join. Keeping the
 * tracking tables' 26 indexes (13 of them trigram) and 7 foreign keys up to date row by row is
 * what made a large fill slow; building them afterwards is twice as fast and checks the same rules.
 * Primary keys and unique indexes stay, so duplicates are still refused as they arrive.
 *
 * The tables are locked for the whole load: for a new or offline database (the seed and the
 * benchmarks), not for a Hub in use. If anything fails, the transaction rolls back whole and the
 * indexes and keys are as they were.
 */
export async function withIndexesSetAside<T>(
  client: PoolClient,
  tables: readonly string[],
  load: () => Promise<T>,
  onStep?: (step: string) => void,
): Promise<T> {
  await client.query('BEGIN');
  try {
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
         FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
        WHERE i.indrelid = ANY($1::regclass[]) AND NOT i.indisunique
        -- In the order they were made, so the partitions' indexes get the same names again.
        ORDER BY i.indexrelid`,
      [tables],
    );
    const { rows: foreignKeys } = await client.query<{ table: string; name: string; definition: string }>(
      `SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS definition
         FROM pg_constraint
        WHERE contype = 'f' AND conrelid = ANY($1::regclass[]) AND conparentid = 0
        ORDER BY oid`,
      [tables],
    );
    for (const key of foreignKeys) {
      await client.query(`ALTER TABLE ${key.table} DROP CONSTRAINT ${quote(key.name)}`);
    }
    for (const index of indexes) await client.query(`DROP INDEX ${quote(index.name)}`);

    const result = await load();

    // Sorting in memory instead of on disk; a btree build may use a second core.
    await client.query("SET LOCAL maintenance_work_mem = '512MB'");
    await client.query('SET LOCAL max_parallel_maintenance_workers = 2');
    for (const index of indexes) {
      onStep?.(`index ${index.name}`);
      // A partitioned table's index reads "ON ONLY parent": without ONLY it cascades to the partitions.
      await client.query(index.definition.replace(' ON ONLY ', ' ON '));
    }
    for (const key of foreignKeys) {
      onStep?.(`foreign key ${key.name}`);
      await client.query(`ALTER TABLE ${key.table} ADD CONSTRAINT ${quote(key.name)} ${key.definition}`);
    }
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
