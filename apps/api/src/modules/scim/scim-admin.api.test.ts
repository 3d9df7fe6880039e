import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCreatedScimToken, TScimSettings } from '@service-hub/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';

/** The administration of a customer's provisioning: who may, tokens shown once, the audit log. */
describe('[SCIM] administration: settings and tokens', () => {
  let ctx: TestContext;
  let sfadmin: string;
  let admin: string;
  let user: string;
  let malardalen: number;
  let gota: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    sfadmin = await ctx.tokenFor('sfadmin@example.com');
    admin = await ctx.tokenFor('admin@example.com');
    user = await ctx.tokenFor('user@example.com');
    // admin@ administers Mälardalen; user@ is a customer user there; Göta is not admin@'s.
    malardalen = await ctx.customerId('Mälardalens Vatten AB');
    gota = await ctx.customerId('Göta Bostäder AB');
  });
  afterAll(() => ctx.close());

  const call = (token: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const base = (customerId: number) => `/api/customers/${customerId}/scim`;
  const someToken = '3f2504e0-4f89-41d3-9a0c-0305e82c4401';
  const someGroup = '3f2504e0-4f89-41d3-9a0c-0305e82c4402';

  describe('refusals (written first)', () => {
    it('refuses customer users, administrators of other accounts and anonymous callers on every endpoint', async () => {
      const endpoints: ['GET' | 'PUT' | 'POST' | 'DELETE', string, object?][] = [
        ['GET', ''],
        ['PUT', '', { enabled: true }],
        ['POST', '/tokens', { expiresInDays: null }],
        ['POST', `/tokens/${someToken}/rotate`, { overlapHours: 24 }],
        ['DELETE', `/tokens/${someToken}`],
        ['GET', '/groups'],
        ['PUT', `/groups/${someGroup}/grants`, { grants: [] }],
      ];
      for (const [method, path, payload] of endpoints) {
        expect(
          (await call(user, method, `${base(malardalen)}${path}`, payload)).statusCode,
          `${method} ${path}`,
        ).toBe(403);
        expect(
          (await call(admin, method, `${base(gota)}${path}`, payload)).statusCode,
          `${method} ${path}`,
        ).toBe(403);
        expect(
          (
            await ctx.app.inject({
              method,
              url: `${base(malardalen)}${path}`,
              ...(payload ? { payload } : {}),
            })
          ).statusCode,
        ).toBe(401);
      }
      const { rowCount } = await ctx.db.$client.query('SELECT 1 FROM scim_configurations');
      expect(rowCount).toBe(0);
    });

    it('answers a provider administrator 404 for an account that does not exist, and refuses bad bodies', async () => {
      expect((await call(sfadmin, 'GET', base(999_999))).statusCode).toBe(404);
      for (const body of [
        { expiresInDays: 0 },
        { expiresInDays: 731 },
        { expiresInDays: 1.5 },
        { expiresInDays: null, extra: 1 },
        {},
      ])
        expect((await call(admin, 'POST', `${base(malardalen)}/tokens`, body)).statusCode).toBe(400);
      expect((await call(admin, 'PUT', base(malardalen), { enabled: 'yes' })).statusCode).toBe(400);
    });
  });

  it('shows a token once, keeps only its SHA-256, lists its prefix and audits without the token', async () => {
    const created = await call(admin, 'POST', `${base(malardalen)}/tokens`, { expiresInDays: 90 });
    expect(created.statusCode).toBe(201);
    const token = created.json<TCreatedScimToken>();
    expect(token.token).toMatch(/^scim_[\w-]{43}$/);
    expect(token.tokenPrefix).toBe(token.token.slice(0, 11));
    expect(Date.parse(token.expiresAt!) - Date.now()).toBeGreaterThan(89 * 86_400_000);
    const { rows } = await ctx.db.$client.query<{ token_hash: string }>(
      'SELECT token_hash FROM scim_tokens WHERE id = $1',
      [token.id],
    );
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token.token).digest('hex'));

    const settings = (await call(admin, 'GET', base(malardalen))).json<TScimSettings>();
    expect(settings).toMatchObject({ enabled: false, provisionedUsers: 0 });
    expect(settings.baseUrl).toMatch(/\/scim\/v2$/);
    expect(settings.tokens).toEqual([
      expect.objectContaining({ id: token.id, createdBy: 'Anders Dahl', lastUsedAt: null }),
    ]);
    expect(JSON.stringify(settings)).not.toContain(token.token);

    const audit = await ctx.db.$client.query<{ body: string }>(
      `SELECT coalesce(before::text, '') || coalesce(after::text, '') AS body FROM audit_log
        WHERE customer_id = $1 AND action = 'scim.token-created'`,
      [malardalen],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]!.body).toContain(token.tokenPrefix);
    expect(audit.rows[0]!.body).not.toContain(token.token);
    expect(audit.rows[0]!.body).not.toContain(rows[0]!.token_hash);
  });

  it('revokes once (then 404), and rotates only an active token', async () => {
    const token = (
      await call(admin, 'POST', `${base(malardalen)}/tokens`, { expiresInDays: null })
    ).json<TCreatedScimToken>();
    expect((await call(admin, 'DELETE', `${base(malardalen)}/tokens/${token.id}`)).statusCode).toBe(204);
    expect((await call(admin, 'DELETE', `${base(malardalen)}/tokens/${token.id}`)).statusCode).toBe(404);
    expect(
      (await call(admin, 'POST', `${base(malardalen)}/tokens/${token.id}/rotate`, { overlapHours: 24 }))
        .statusCode,
    ).toBe(404);
    // Another account's token is not found through this one.
    const foreign = (
      await call(sfadmin, 'POST', `${base(gota)}/tokens`, { expiresInDays: null })
    ).json<TCreatedScimToken>();
    expect((await call(admin, 'DELETE', `${base(malardalen)}/tokens/${foreign.id}`)).statusCode).toBe(404);
    expect(
      (await call(sfadmin, 'GET', base(gota))).json<TScimSettings>().tokens.map((t) => t.revokedAt),
    ).toEqual([null]);
  });

  it('switches provisioning on and off, audited once per change', async () => {
    expect((await call(admin, 'PUT', base(malardalen), { enabled: true })).json()).toMatchObject({
      enabled: true,
    });
    expect((await call(admin, 'PUT', base(malardalen), { enabled: true })).statusCode).toBe(200);
    expect((await call(admin, 'PUT', base(malardalen), { enabled: false })).json()).toMatchObject({
      enabled: false,
    });
    const { rows } = await ctx.db.$client.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE customer_id = $1 AND action IN ('scim.enabled', 'scim.disabled') ORDER BY id`,
      [malardalen],
    );
    expect(rows.map((r) => r.action)).toEqual(['scim.enabled', 'scim.disabled']);
  });
});
