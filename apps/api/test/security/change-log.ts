import type { TestContext } from '../helpers.ts';

/**
 * Counts changed rows per table in the test's own database copy (row triggers on every table of
 * the public schema), so "a refused request changed nothing" is one cheap query per request
 * instead of a checksum of every table.
 */
export async function installChangeLog(ctx: TestContext): Promise<void> {
  await ctx.db.$client.query(`
    CREATE TABLE fuzz_changes (table_name text PRIMARY KEY, changed bigint NOT NULL);
    CREATE FUNCTION fuzz_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO fuzz_changes VALUES (TG_TABLE_NAME, 1)
          ON CONFLICT (table_name) DO UPDATE SET changed = fuzz_changes.changed + 1;
        RETURN NULL;
      END $$;
    DO $$
      DECLARE t text;
      BEGIN
        -- A partitioned table's trigger is cloned onto its partitions: partitions are left out.
        FOR t IN SELECT relname FROM pg_class
                  WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p') AND NOT relispartition
                    AND relname <> 'fuzz_changes' LOOP
          EXECUTE format('CREATE TRIGGER fuzz_count_change AFTER INSERT OR UPDATE OR DELETE ON %I
                          FOR EACH ROW EXECUTE FUNCTION fuzz_count_change()', t);
        END LOOP;
      END $$;`);
}

export async function changeCounts(ctx: TestContext): Promise<Map<string, number>> {
  const { rows } = await ctx.db.$client.query<{ table_name: string; changed: string }>(
    'SELECT table_name, changed FROM fuzz_changes',
  );
  return new Map(rows.map((row) => [row.table_name, Number(row.changed)]));
}

/** Tables whose counts differ between two snapshots. */
export function changedTables(before: Map<string, number>, after: Map<string, number>): string[] {
  return [...after].filter(([table, count]) => (before.get(table) ?? 0) !== count).map(([table]) => table);
}
