import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAccountApiKey, TCreateAccountApiKeyResponse } from '@service-hub/contracts';
import { createTestApp, withoutService, type TestContext } from '../../../test/helpers.ts';

describe('[DEVELOPER] account API keys: create, list, revoke', () => {
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

  const create = (customerId: number, body: unknown, token = admin) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/customers/${customerId}/api-keys`,
      headers: { authorization: `Bearer ${token}` },
      payload: body as object,
    });
  const list = (customerId: number, token = admin) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/customers/${customerId}/api-keys`,
      headers: { authorization: `Bearer ${token}` },
    });
  const revoke = (customerId: number, keyId: string, token = admin) =>
    ctx.app.inject({
      method: 'DELETE',
      url: `/api/customers/${customerId}/api-keys/${keyId}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const createOk = async (customerId: number, body: object, token = admin) => {
    const response = await create(customerId, body, token);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TCreateAccountApiKeyResponse>();
  };
  const rowCount = async (sql: string, params: unknown[]) =>
    (await ctx.db.$client.query(sql, params)).rowCount;

  describe('refusals (written first)', () => {
    it('refuses an administrator a scope whose service they cannot read on the account themselves', async () => {
      await withoutService(ctx.db, 'admin@example.com', malardalen, 'ETS', async () => {
        const before = await rowCount('SELECT 1 FROM account_api_keys', []);
        const edi = await create(malardalen, {
          name: 'EDI feed',
          scopes: ['tracking:read', 'ediTracking:read'],
        });
        expect(edi.statusCode).toBe(403);
        expect(edi.json().detail).toContain('scope whose service you cannot read');
        expect(await rowCount('SELECT 1 FROM account_api_keys', [])).toBe(before);
        // What they can read is still theirs to share; a provider administrator may share anything.
        await createOk(malardalen, { name: 'Tracking feed', scopes: ['tracking:read'] });
        await createOk(malardalen, { name: 'EDI feed', scopes: ['ediTracking:read'] }, sfadmin);
      });
    });

    it('refuses a customer user on every endpoint with 403 and changes nothing', async () => {
      const before = await rowCount('SELECT 1 FROM account_api_keys', []);
      const { id } = await createOk(malardalen, { name: 'ERP', scopes: ['tracking:read'] });
      for (const response of [
        await list(malardalen, user),
        await create(malardalen, { name: 'Mine', scopes: ['tracking:read'] }, user),
        await revoke(malardalen, id, user),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ status: 403, errorCode: 'FORBIDDEN' });
      }
      expect(await rowCount('SELECT 1 FROM account_api_keys', [])).toBe(before! + 1);
      expect(
        await rowCount('SELECT 1 FROM account_api_keys WHERE id = $1 AND revoked_at IS NULL', [id]),
      ).toBe(1);
    });

    it("refuses a customer administrator on another customer's account with 403", async () => {
      const { id } = await createOk(gota, { name: 'Göta ERP', scopes: ['tracking:read'] }, sfadmin);
      expect((await list(gota)).statusCode).toBe(403);
      expect((await create(gota, { name: 'Sneaky', scopes: ['tracking:read'] })).statusCode).toBe(403);
      expect((await revoke(gota, id)).statusCode).toBe(403);
      expect(await rowCount("SELECT 1 FROM account_api_keys WHERE name = 'Sneaky'", [])).toBe(0);
      expect(
        await rowCount('SELECT 1 FROM account_api_keys WHERE id = $1 AND revoked_at IS NULL', [id]),
      ).toBe(1);
    });

    it("never revokes another account's key through one's own account: 404, like an unknown key", async () => {
      const { id } = await createOk(gota, { name: 'Göta BI', scopes: ['ediTracking:read'] }, sfadmin);
      const crossed = await revoke(malardalen, id);
      const unknown = await revoke(malardalen, '00000000-0000-4000-8000-000000000000');
      expect(crossed.statusCode).toBe(404);
      expect(unknown.statusCode).toBe(404);
      expect(crossed.json().detail).toBe(unknown.json().detail);
      expect(
        await rowCount('SELECT 1 FROM account_api_keys WHERE id = $1 AND revoked_at IS NULL', [id]),
      ).toBe(1);
    });

    it('asks anonymous callers to sign in', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/customers/${malardalen}/api-keys` });
      expect(response.statusCode).toBe(401);
    });

    it.each([
      ['no scopes', { name: 'ERP', scopes: [] }, 'body.scopes'],
      ['an unknown scope', { name: 'ERP', scopes: ['tracking:write'] }, 'body.scopes.0'],
      ['a scope twice', { name: 'ERP', scopes: ['tracking:read', 'tracking:read'] }, 'body.scopes'],
      ['a blank name', { name: '   ', scopes: ['tracking:read'] }, 'body.name'],
      ['a name of 101 characters', { name: 'x'.repeat(101), scopes: ['tracking:read'] }, 'body.name'],
      ['a huge name', { name: 'x'.repeat(70_000), scopes: ['tracking:read'] }, 'body.name'],
      ['NUL in the name', { name: 'ERP\u0000', scopes: ['tracking:read'] }, 'body.name'],
      ['a lone surrogate in the name', { name: 'ERP\uD800', scopes: ['tracking:read'] }, 'body.name'],
      ['a number for a name', { name: 1e308, scopes: ['tracking:read'] }, 'body.name'],
      ['an unknown field', { name: 'ERP', scopes: ['tracking:read'], customerId: 1 }, 'body.customerId'],
    ])('answers %s with 400 in the error shape and stores nothing', async (_, body, field) => {
      const before = await rowCount('SELECT 1 FROM account_api_keys', []);
      const response = await create(malardalen, body);
      expect(response.statusCode).toBe(400);
      const error = response.json<{ status: number; errorCode: string; errors?: { field: string }[] }>();
      expect(error).toMatchObject({ status: 400, errorCode: expect.any(String) });
      // NUL and lone surrogates are refused by the central check, which names no field.
      if (error.errors) expect(error.errors.map((e) => e.field)).toContain(field);
      expect(response.body).not.toContain('x'.repeat(200));
      expect(await rowCount('SELECT 1 FROM account_api_keys', [])).toBe(before);
    });

    it('answers a bad account id or key id with 400, and an account that does not exist with 404', async () => {
      const bad = await ctx.app.inject({
        method: 'GET',
        url: '/api/customers/abc/api-keys',
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ status: 400, errorCode: 'VALIDATION_FAILED' });
      expect((await list(99_999_999_999)).statusCode).toBe(400);
      expect((await revoke(malardalen, 'not-a-uuid')).statusCode).toBe(400);
      expect((await list(999_999_999, sfadmin)).statusCode).toBe(404);
      expect((await create(999_999_999, { name: 'x', scopes: ['tracking:read'] }, sfadmin)).statusCode).toBe(
        404,
      );
    });
  });

  it('shows the key once, keeps only its SHA-256, and lists it with its scopes and creator', async () => {
    const created = await createOk(malardalen, {
      name: 'Data warehouse',
      scopes: ['ediTracking:read', 'tracking:read'],
    });
    expect(created.key).toMatch(/^shr_[\w-]{43}$/);
    expect(created).toMatchObject({
      name: 'Data warehouse',
      // In the vocabulary's order, whatever order they were sent in.
      scopes: ['tracking:read', 'ediTracking:read'],
      createdBy: 'Anders Dahl',
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(created.key.startsWith(created.keyPrefix)).toBe(true);
    expect(created.keyPrefix).toHaveLength(10);
    const { rows } = await ctx.db.$client.query<{ key_hash: string; customer_id: number }>(
      'SELECT key_hash, customer_id FROM account_api_keys WHERE id = $1',
      [created.id],
    );
    expect(rows[0]).toEqual({
      key_hash: createHash('sha256').update(created.key).digest('hex'),
      customer_id: malardalen,
    });
    const listed = await list(malardalen);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(created.key);
    expect(listed.body).not.toContain(rows[0]!.key_hash);
    const { key: _key, ...withoutKey } = created;
    expect(listed.json<TAccountApiKey[]>()).toContainEqual(withoutKey);
    // The account's keys only.
    expect(listed.json<TAccountApiKey[]>().map((k) => k.name)).not.toContain('Göta ERP');
  });

  it("lets a provider administrator manage any account's keys, also one they do not hold", async () => {
    const { rowCount: holds } = await ctx.db.$client.query(
      "SELECT 1 FROM user_customers uc JOIN users u ON u.id = uc.user_id WHERE u.email = 'sfadmin@example.com' AND uc.customer_id = $1",
      [malardalen],
    );
    expect(holds).toBe(0);
    const created = await createOk(
      malardalen,
      { name: 'Set up by the provider', scopes: ['tracking:read'] },
      sfadmin,
    );
    expect(created.createdBy).toBe('Siri Falk');
    expect((await list(malardalen, sfadmin)).json<TAccountApiKey[]>().map((k) => k.id)).toContain(created.id);
    expect((await revoke(malardalen, created.id, sfadmin)).statusCode).toBe(204);
  });

  it('revokes once: the key stays listed as revoked, after the active ones, and a second revoke is 404', async () => {
    const created = await createOk(malardalen, { name: 'Old integration', scopes: ['tracking:read'] });
    expect((await revoke(malardalen, created.id)).statusCode).toBe(204);
    expect((await revoke(malardalen, created.id)).statusCode).toBe(404);
    const keys = (await list(malardalen)).json<TAccountApiKey[]>();
    const revoked = keys.find((k) => k.id === created.id)!;
    expect(revoked.revokedAt).toEqual(expect.any(String));
    const firstRevoked = keys.findIndex((k) => k.revokedAt !== null);
    expect(keys.slice(firstRevoked).every((k) => k.revokedAt !== null)).toBe(true);
  });

  it('audits creation and revocation under the account, without the key or its hash', async () => {
    const created = await createOk(malardalen, { name: 'Audited', scopes: ['tracking:read'] });
    await revoke(malardalen, created.id);
    const { rows } = await ctx.db.$client.query<{
      action: string;
      customer_id: number;
      actor_email: string;
      before: unknown;
      after: unknown;
    }>(
      `SELECT action, customer_id, actor_email, before, after FROM audit_log
        WHERE entity_type = 'accountApiKey' AND entity_id = $1 ORDER BY id`,
      [created.id],
    );
    expect(rows).toEqual([
      {
        action: 'accountApiKey.create',
        customer_id: malardalen,
        actor_email: 'admin@example.com',
        before: null,
        after: { name: 'Audited', scopes: ['tracking:read'] },
      },
      {
        action: 'accountApiKey.revoke',
        customer_id: malardalen,
        actor_email: 'admin@example.com',
        before: { name: 'Audited', scopes: ['tracking:read'] },
        after: null,
      },
    ]);
    const { rows: hash } = await ctx.db.$client.query<{ key_hash: string }>(
      'SELECT key_hash FROM account_api_keys WHERE id = $1',
      [created.id],
    );
    const audit = JSON.stringify(rows);
    expect(audit).not.toContain(created.key);
    expect(audit).not.toContain(hash[0]!.key_hash);
  });
});
