import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';

describe('[CUSTOMERS] GET /api/legacy/customers/:id', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const get = async (email: string, path: string) =>
    ctx.app.inject({ url: path, headers: { authorization: `Bearer ${await ctx.tokenFor(email)}` } });

  it('gives provider administrators the customer, with service access and applications in detail', async () => {
    const id = await ctx.customerId('Göta Bostäder AB');
    const plain = await get('sfadmin@example.com', `/api/legacy/customers/${id}`);
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({ id, name: 'Göta Bostäder AB', market: 'SE' });
    expect(plain.json().customerPermissions).toBeUndefined();
    const detailed = await get('sfadmin@example.com', `/api/legacy/customers/${id}?detailed=true`);
    expect(detailed.json().customerPermissions.map((p: { prefix: string }) => p.prefix)).toEqual(
      expect.arrayContaining(['STT', 'ETS', 'SUP', 'EC']),
    );
  });

  it('refuses customer administrators and users (403)', async () => {
    const id = await ctx.customerId('Mälardalens Vatten AB');
    expect((await get('admin@example.com', `/api/legacy/customers/${id}`)).statusCode).toBe(403);
    expect((await get('user@example.com', `/api/legacy/customers/${id}`)).statusCode).toBe(403);
  });

  it('explains a non-numeric id and answers 404 for a missing customer', async () => {
    const invalid = await get('sfadmin@example.com', '/api/legacy/customers/abc');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors[0]).toMatchObject({
      field: 'params.id',
      message: 'Invalid customerId: abc is not a valid number',
    });
    const missing = await get('sfadmin@example.com', '/api/legacy/customers/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Failed to load customer');
  });
});

describe('[CUSTOMERS] DELETE /api/legacy/customers/user/revokeUserForCustomer', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const revoke = async (email: string, user: string, customer: number | string) =>
    ctx.app.inject({
      method: 'DELETE',
      url: `/api/legacy/customers/user/revokeUserForCustomer?userID=${user}&customerID=${customer}`,
      headers: { authorization: `Bearer ${await ctx.tokenFor(email)}` },
    });
  const accessOf = async (user: string) =>
    (
      await ctx.db.$client.query<{ customer_id: number }>(
        'SELECT customer_id FROM user_customers WHERE user_id = $1',
        [user],
      )
    ).rows.map((r) => r.customer_id);

  it('lets a provider administrator remove their own access, with its permissions, and audits it', async () => {
    const me = await ctx.userId('sfadmin@example.com');
    const pohjola = await ctx.customerId('Pohjolan Sähkö Oy');
    const response = await revoke('sfadmin@example.com', me, pohjola);
    expect(response.statusCode).toBe(204);
    expect(await accessOf(me)).not.toContain(pohjola);
    const { rows: left } = await ctx.db.$client.query(
      'SELECT 1 FROM customer_user_permissions WHERE user_id = $1 AND customer_id = $2',
      [me, pohjola],
    );
    expect(left).toHaveLength(0);
    const { rows: audit } = await ctx.db.$client.query(
      `SELECT action, entity_id, actor_email, request_id, before FROM audit_log WHERE action = 'customer-access.revoked'`,
    );
    expect(audit).toEqual([
      expect.objectContaining({
        entity_id: me,
        actor_email: 'sfadmin@example.com',
        request_id: response.headers['x-request-id'],
      }),
    ]);
    expect(audit[0].before.customerId).toBe(pohjola);
  });

  it('lets a customer administrator remove another user from an account they administer', async () => {
    const user = await ctx.userId('user@example.com');
    const malardalen = await ctx.customerId('Mälardalens Vatten AB');
    expect((await revoke('admin@example.com', user, malardalen)).statusCode).toBe(204);
    expect(await accessOf(user)).not.toContain(malardalen);
  });

  it('refuses a customer administrator on a foreign account or on themselves, and customer users', async () => {
    const admin = await ctx.userId('admin@example.com');
    const user = await ctx.userId('user@example.com');
    const gota = await ctx.customerId('Göta Bostäder AB');
    const malardalen = await ctx.customerId('Mälardalens Vatten AB');
    expect((await revoke('admin@example.com', user, gota)).statusCode).toBe(403);
    expect((await revoke('admin@example.com', admin, malardalen)).statusCode).toBe(403);
    expect((await revoke('user@example.com', user, gota)).statusCode).toBe(403);
    expect(await accessOf(user)).toContain(gota);
  });

  it('never lets a customer administrator remove a provider administrator, and answers unknown users alike', async () => {
    const sfAdmin = await ctx.userId('sfadmin@example.com');
    const norrland = await ctx.customerId('Norrlandskraft Energi AB');
    await ctx.db.$client.query('INSERT INTO user_customers (user_id, customer_id) VALUES ($1, $2)', [
      sfAdmin,
      norrland,
    ]);
    const refused = await revoke('admin@example.com', sfAdmin, norrland);
    expect(refused.statusCode).toBe(403);
    expect(await accessOf(sfAdmin)).toContain(norrland);
    const unknown = await revoke('admin@example.com', '00000000-0000-4000-8000-000000000000', norrland);
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json().detail).toBe(refused.json().detail);
  });

  it('explains a non-numeric customer id and answers 404 when there is no such access', async () => {
    const me = await ctx.userId('sfadmin@example.com');
    const invalid = await revoke('sfadmin@example.com', me, 'SE12');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toContainEqual(
      expect.objectContaining({
        field: 'query.customerID',
        message: 'Invalid customerId: SE12 is not a valid number',
      }),
    );
    const pohjola = await ctx.customerId('Pohjolan Sähkö Oy');
    expect((await revoke('sfadmin@example.com', me, pohjola)).statusCode).toBe(404);
  });
});
