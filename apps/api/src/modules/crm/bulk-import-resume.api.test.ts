import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { createCrmConnector } from './create-crm-connector.ts';
import { runImport } from './bulk-import.service.ts';

const ACCOUNTS = ['SE200101', 'SE200102', 'SE200103', 'NO300101', 'NO300102', 'DK400101', 'FI500101'];

describe('[CUSTOMERS] a bulk import whose worker died', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // The queue stays unworked: the test plays the worker that died and the one that retries.
    ctx = await createTestApp({ env: { RUN_JOBS: '0' } });
  });
  afterAll(() => ctx.close());

  it('resumes at the pending accounts when the queue retries it: every customer once, the import finished', async () => {
    const sfadmin = await ctx.tokenFor('sfadmin@example.com');
    const queued = await ctx.app.inject({
      method: 'POST',
      url: '/api/customer-imports',
      payload: { accountNumbers: ACCOUNTS },
      headers: { authorization: `Bearer ${sfadmin}` },
    });
    expect(queued.statusCode).toBe(202);
    const importId = queued.json<{ id: string }>().id;
    // What a killed worker leaves: the import running, two accounts created, the rest pending.
    await runImport(ctx.db, createCrmConnector(ctx.config, ctx.db), importId, { notify: false });
    await ctx.db.$client.query(
      `UPDATE customer_import_items SET status = 'pending', customer_id = NULL, processed_at = NULL
        WHERE import_id = $1 AND customer_number = ANY($2)`,
      [importId, ACCOUNTS.slice(2)],
    );
    await ctx.db.$client.query(`DELETE FROM customers WHERE customer_number = ANY($1)`, [ACCOUNTS.slice(2)]);
    await ctx.db.$client.query(
      `UPDATE customer_imports SET status = 'running', finished_at = NULL WHERE id = $1`,
      [importId],
    );

    await runImport(ctx.db, createCrmConnector(ctx.config, ctx.db), importId, { notify: false });

    const result = await ctx.app.inject({
      url: `/api/customer-imports/${importId}`,
      headers: { authorization: `Bearer ${sfadmin}` },
    });
    expect(result.json()).toMatchObject({
      status: 'finished',
      total: ACCOUNTS.length,
      processed: ACCOUNTS.length,
    });
    expect(result.json().accounts.map((a: { status: string }) => a.status)).toEqual(
      ACCOUNTS.map(() => 'imported'),
    );
    const { rows } = await ctx.db.$client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM customers WHERE customer_number = ANY($1)',
      [ACCOUNTS],
    );
    expect(rows[0]!.n).toBe(ACCOUNTS.length);
  });
});
