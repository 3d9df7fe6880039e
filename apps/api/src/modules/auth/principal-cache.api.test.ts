import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';

/**
 * The caller of a token is cached per instance; these changes come from outside the instance (another
 * process, a database tool), so only PostgreSQL's announcement can tell the cache.
 */
describe('[AUTH] the cached caller follows every change of roles, accounts and sessions', () => {
  let ctx: TestContext;
  let outside: pg.Client;
  beforeAll(async () => {
    ctx = await createTestApp();
    outside = new pg.Client(ctx.db.$client.options);
    await outside.connect();
  });
  afterAll(async () => {
    await outside.end();
    await ctx.close();
  });

  const get = (url: string, token: string) =>
    ctx.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
  const eventually = <T>(value: () => Promise<T>) => expect.poll(value, { timeout: 3_000, interval: 20 });

  it('refuses a cached token once the user is disabled elsewhere', async () => {
    const token = await ctx.tokenFor('user@example.com');
    for (let i = 0; i < 3; i++) expect((await get('/api/v3/user', token)).statusCode).toBe(200);
    await outside.query(`UPDATE users SET enabled = false WHERE email = 'user@example.com'`);
    await eventually(async () => (await get('/api/v3/user', token)).statusCode).toBe(401);
    await outside.query(`UPDATE users SET enabled = true WHERE email = 'user@example.com'`);
  });

  it('follows a role taken away elsewhere', async () => {
    const token = await ctx.tokenFor('sfadmin@example.com');
    const customer = await ctx.customerId('Göta Bostäder AB');
    const adminRoute = `/api/legacy/customers/${customer}`;
    expect((await get(adminRoute, token)).statusCode).toBe(200);
    await outside.query(
      `DELETE FROM user_roles WHERE role = 'SF_ADMIN' AND user_id = (SELECT id FROM users WHERE email = 'sfadmin@example.com')`,
    );
    await eventually(async () => (await get(adminRoute, token)).statusCode).toBe(403);
  });

  it('follows a session revoked elsewhere', async () => {
    const token = await ctx.tokenFor('admin@example.com');
    expect((await get('/api/v3/user', token)).statusCode).toBe(200);
    await outside.query(
      `UPDATE sessions SET revoked_at = now() WHERE user_id = (SELECT id FROM users WHERE email = 'admin@example.com')`,
    );
    await eventually(async () => (await get('/api/v3/user', token)).statusCode).toBe(401);
  });

  it('ends a cached token at once when this instance ends its session', async () => {
    const token = await ctx.tokenFor('admin@example.com');
    expect((await get('/api/v3/user', token)).statusCode).toBe(200);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(204);
    expect((await get('/api/v3/user', token)).statusCode).toBe(401);
  });

  describe('the cached accounts of a caller (spec 6, the active-account check)', () => {
    const documents = async () =>
      `/api/tracking/stt/documents?activeAccountId=${await ctx.customerId('Göta Bostäder AB')}`;
    const sttOfUser = `SELECT cup.permission_id FROM customer_user_permissions cup
                         JOIN permissions p ON p.id = cup.permission_id
                        WHERE p.prefix = 'STT' AND cup.customer_id = (SELECT id FROM customers WHERE name = 'Göta Bostäder AB')
                          AND cup.user_id = (SELECT id FROM users WHERE email = 'user@example.com')`;

    it('follows a permission on the account taken away elsewhere, and given back', async () => {
      const token = await ctx.tokenFor('user@example.com');
      const url = await documents();
      for (let i = 0; i < 3; i++) expect((await get(url, token)).statusCode).toBe(200);
      const { rows } = await outside.query<{ permission_id: number }>(sttOfUser);
      expect(rows.length).toBeGreaterThan(0);
      await outside.query(
        `DELETE FROM customer_user_permissions WHERE permission_id = ANY($1)
            AND user_id = (SELECT id FROM users WHERE email = 'user@example.com')`,
        [rows.map((r) => r.permission_id)],
      );
      await eventually(async () => (await get(url, token)).statusCode).toBe(403);
      await outside.query(
        `INSERT INTO customer_user_permissions (customer_id, user_id, permission_id)
         SELECT (SELECT id FROM customers WHERE name = 'Göta Bostäder AB'), id, unnest($1::int[])
           FROM users WHERE email = 'user@example.com'`,
        [rows.map((r) => r.permission_id)],
      );
      await eventually(async () => (await get(url, token)).statusCode).toBe(200);
    });

    it('follows a permission itself changed elsewhere (its READ_ALL role removed for everyone)', async () => {
      const token = await ctx.tokenFor('user@example.com');
      const url = await documents();
      for (let i = 0; i < 3; i++) expect((await get(url, token)).statusCode).toBe(200);
      const { rows } = await outside.query<{ id: number; roles: string[] }>(
        `SELECT id, roles FROM permissions WHERE id IN (SELECT permission_id FROM customer_user_permissions
           WHERE user_id = (SELECT id FROM users WHERE email = 'user@example.com')) AND 'READ_ALL' = ANY(roles)`,
      );
      expect(rows.length).toBeGreaterThan(0);
      await outside.query(
        `UPDATE permissions SET roles = array_remove(roles, 'READ_ALL') WHERE id = ANY($1)`,
        [rows.map((r) => r.id)],
      );
      await eventually(async () => (await get(url, token)).statusCode).toBe(403);
      for (const row of rows)
        await outside.query('UPDATE permissions SET roles = $2 WHERE id = $1', [row.id, row.roles]);
      await eventually(async () => (await get(url, token)).statusCode).toBe(200);
    });
  });
});
