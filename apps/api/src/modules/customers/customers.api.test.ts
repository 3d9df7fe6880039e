import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';

describe('[CUSTOMERS] GET /api/v3/customers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it("answers only the caller's own accounts", async () => {
    const token = await ctx.tokenFor('user@example.com');
    const response = await ctx.app.inject({
      url: '/api/v3/customers',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    const customers = response.json<{ id: number; name: string; customerNumber: string }[]>();
    const { rows } = await ctx.db.$client.query<{ customer_id: number }>(
      `SELECT customer_id FROM user_customers JOIN users ON users.id = user_id WHERE email = 'user@example.com'`,
    );
    expect(customers.map((c) => c.id).sort()).toEqual(rows.map((r) => r.customer_id).sort());
    const { rows: total } = await ctx.db.$client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM customers',
    );
    expect(total[0]!.n).toBeGreaterThan(customers.length);
  });

  it('refuses an anonymous caller', async () => {
    const response = await ctx.app.inject({ url: '/api/v3/customers' });
    expect(response.statusCode).toBe(401);
  });
});
