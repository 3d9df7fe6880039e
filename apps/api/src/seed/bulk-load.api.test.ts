import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers.ts';
import { documentCountDrift } from '../../test/tracking-fixtures.ts';
import { withIndexesSetAside } from './bulk-load.ts';
import { Random } from './random.ts';
import { everyCustomer, GENERATED_TABLES, generateTracking } from './tracking-generator.ts';

describe('[SEED] a bulk load sets indexes and foreign keys aside and builds them again', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  /** Every index of the tables and their partitions and every foreign key, as PostgreSQL states them. */
  const schema = async () => {
    const { rows } = await ctx.db.$client.query<{ definition: string }>(
      `SELECT pg_get_indexdef(i.indexrelid) || CASE WHEN i.indisvalid THEN '' ELSE ' (invalid)' END AS definition
         FROM pg_index i
        WHERE i.indrelid IN (SELECT oid FROM pg_class WHERE relname = ANY($1::text[])
                             UNION SELECT inhrelid FROM pg_inherits WHERE inhparent = ANY($1::regclass[]))
       UNION ALL
       SELECT conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) || CASE WHEN convalidated THEN '' ELSE ' (not valid)' END
         FROM pg_constraint
        WHERE contype = 'f' AND conparentid = 0 AND conrelid = ANY($1::regclass[])
       UNION ALL
       -- PostgreSQL's own copies per partition (their names are its own): as many as before.
       SELECT 'foreign keys per partition: ' || count(*)
         FROM pg_constraint
        WHERE contype = 'f' AND conparentid <> 0
          AND (conrelid IN (SELECT inhrelid FROM pg_inherits WHERE inhparent = ANY($1::regclass[]))
               OR confrelid IN (SELECT inhrelid FROM pg_inherits WHERE inhparent = ANY($1::regclass[])))
        ORDER BY 1`,
      [GENERATED_TABLES],
    );
    return rows.map((r) => r.definition);
  };
  const documents = async () =>
    (await ctx.db.$client.query<{ n: number }>('SELECT count(*)::int AS n FROM tracking_documents')).rows[0]!
      .n;

  it('writes complete, consistent data and leaves every index and key as it was', async () => {
    const before = await schema();
    expect(before.length).toBeGreaterThan(100); // the partitions' indexes included
    const existing = await documents();
    const client = await ctx.db.$client.connect();
    const steps: string[] = [];
    try {
      const result = await generateTracking({
        client,
        customers: await everyCustomer(client),
        documents: 3000,
        random: new Random(5),
        now: new Date('2026-11-20T12:00:00Z'),
        bulk: true,
        onStep: (step) => steps.push(step),
      });
      expect(result.documents).toBe(3000);
    } finally {
      client.release();
    }
    expect(await schema()).toEqual(before);
    expect(steps).toContain('index tracking_documents_recipient_trgm_idx');
    expect(steps).toContain('foreign key delivery_documents_document_fk');
    expect(await documents()).toBe(existing + 3000);
    // Every document's file and key, every delivery's document, and the overview's counts agree.
    const { rows } = await ctx.db.$client.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM tracking_documents d
                WHERE NOT EXISTS (SELECT 1 FROM tracking_document_keys k WHERE k.document_id = d.id)) AS without_key,
              (SELECT count(*)::int FROM tracking_files f
                WHERE f.document_count <> (SELECT count(*) FROM tracking_documents d WHERE d.file_id = f.id)) AS wrong_count`,
    );
    expect(rows[0]).toEqual({ without_key: 0, wrong_count: 0 });
    expect(await documentCountDrift(ctx.db.$client)).toEqual([]);
  });

  it('puts everything back when the load fails', async () => {
    const before = await schema();
    const existing = await documents();
    const client = await ctx.db.$client.connect();
    try {
      await expect(
        withIndexesSetAside(client, GENERATED_TABLES, async () => {
          await client.query(
            `INSERT INTO tracking_documents (file_id, file_arrived_at, customer_id, external_document_id, status, created_at)
             SELECT id, arrived_at, customer_id, 'HALF-WRITTEN', 'Delivered', arrived_at FROM tracking_files LIMIT 1`,
          );
          throw new Error('the generator failed');
        }),
      ).rejects.toThrow('the generator failed');
    } finally {
      client.release();
    }
    expect(await schema()).toEqual(before);
    expect(await documents()).toBe(existing);
  });
});
