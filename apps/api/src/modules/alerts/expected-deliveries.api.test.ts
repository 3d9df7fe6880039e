import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TExpectedDelivery, TListExpectedDeliveriesResponse } from '@service-hub/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';

describe('[ALERTS] expected deliveries: who may manage them, what they accept, what they keep', () => {
  let ctx: TestContext;
  let admin: string;
  let user: string;
  let sfadmin: string;
  let malardalen: number;
  let gota: number;
  let application: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    [admin, user, sfadmin] = await Promise.all([
      ctx.tokenFor('admin@example.com'),
      ctx.tokenFor('user@example.com'),
      ctx.tokenFor('sfadmin@example.com'),
    ]);
    malardalen = await ctx.customerId('Mälardalens Vatten AB');
    gota = await ctx.customerId('Göta Bostäder AB');
    // The producing application the demo's files name (the tracking list's application filter).
    const { rows } = await ctx.db.$client.query<{ application: string }>(
      `SELECT application FROM tracking_files WHERE customer_id = $1 AND application IS NOT NULL
        AND arrived_at > now() - interval '30 days' LIMIT 1`,
      [malardalen],
    );
    application = rows[0]!.application;
  });
  afterAll(() => ctx.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    token: string | null,
    body?: unknown,
    account = malardalen,
  ) =>
    ctx.app.inject({
      method,
      url: `${path}?activeAccountId=${account}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body !== undefined ? { payload: body as object } : {}),
    });

  const valid = { name: 'Invoices to Kivra', filenamePattern: 'INV_*.xml', deadline: '06:00' };

  it('refuses anonymous callers, customer users, accounts the caller does not hold, and unknown rules', async () => {
    expect((await call('GET', '/api/expected-deliveries', null)).statusCode).toBe(401);
    expect((await call('POST', '/api/expected-deliveries', null, valid)).statusCode).toBe(401);
    // user@example.com holds the account with STT, but is no administrator.
    for (const [method, path, body] of [
      ['GET', '/api/expected-deliveries', undefined],
      ['POST', '/api/expected-deliveries', valid],
      ['PUT', '/api/expected-deliveries/7f0c5a43-7c55-4a55-9f8c-0d0c5a437c55', valid],
      ['DELETE', '/api/expected-deliveries/7f0c5a43-7c55-4a55-9f8c-0d0c5a437c55', undefined],
    ] as const) {
      const response = await call(method, path, user, body);
      expect(response.statusCode, `${method} ${path}`).toBe(403);
    }
    // admin@example.com administers Mälardalen, not Göta.
    expect((await call('GET', '/api/expected-deliveries', admin, undefined, gota)).statusCode).toBe(403);
    expect((await call('POST', '/api/expected-deliveries', admin, valid, gota)).statusCode).toBe(403);

    // A rule of Göta is not there for Mälardalen's administrator, by any path.
    const gotas = await call('POST', '/api/expected-deliveries', sfadmin, valid, gota);
    expect(gotas.statusCode).toBe(201);
    const id = gotas.json<TExpectedDelivery>().id;
    expect((await call('GET', `/api/expected-deliveries/${id}`, admin)).statusCode).toBe(404);
    expect((await call('PUT', `/api/expected-deliveries/${id}`, admin, valid)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/expected-deliveries/${id}`, admin)).statusCode).toBe(404);
    const list = await call('GET', '/api/expected-deliveries', admin);
    expect(list.json<TListExpectedDeliveriesResponse>().rules.map((r) => r.id)).not.toContain(id);
    expect((await call('GET', `/api/expected-deliveries/${id}`, sfadmin, undefined, gota)).statusCode).toBe(
      200,
    );
  });

  it('refuses a user who lost STT on the account, even an administrator', async () => {
    const adminId = await ctx.userId('admin@example.com');
    const { rows: taken } = await ctx.db.$client.query<{ permission_id: number }>(
      `DELETE FROM customer_user_permissions cup USING permissions p
        WHERE p.id = cup.permission_id AND cup.user_id = $1 AND cup.customer_id = $2 AND p.prefix = 'STT'
        RETURNING cup.permission_id`,
      [adminId, malardalen],
    );
    expect(taken.length).toBeGreaterThan(0);
    await ctx.cachesHeard();
    try {
      expect((await call('GET', '/api/expected-deliveries', admin)).statusCode).toBe(403);
      expect((await call('POST', '/api/expected-deliveries', admin, valid)).statusCode).toBe(403);
    } finally {
      await ctx.db.$client.query(
        `INSERT INTO customer_user_permissions (user_id, customer_id, permission_id)
         SELECT $1, $2, unnest($3::int[])`,
        [adminId, malardalen, taken.map((row) => row.permission_id)],
      );
      await ctx.cachesHeard();
    }
    expect((await call('GET', '/api/expected-deliveries', admin)).statusCode).toBe(200);
  });

  it.each([
    ['name with U+0000', { ...valid, name: 'Inv\u0000oices' }, 'body.name'],
    [
      'pattern with a lone surrogate',
      { ...valid, filenamePattern: 'INV_\uD800*.xml' },
      'body.filenamePattern',
    ],
    ['pattern with a tab', { ...valid, filenamePattern: 'INV_\t*.xml' }, 'body.filenamePattern'],
    ['empty pattern', { ...valid, filenamePattern: '' }, 'body.filenamePattern'],
    ['blank pattern', { ...valid, filenamePattern: '   ' }, 'body.filenamePattern'],
    ['huge pattern', { ...valid, filenamePattern: `${'x'.repeat(200)}*` }, 'body.filenamePattern'],
    ['huge name', { ...valid, name: 'n'.repeat(100_000) }, 'body.name'],
    ['unknown time zone', { ...valid, timeZone: 'Mars/Olympus_Mons' }, 'body.timeZone'],
    ['time zone abbreviation', { ...valid, timeZone: 'CET ' }, 'body.timeZone'],
    ['hour 24', { ...valid, deadline: '24:00' }, 'body.deadline'],
    ['time without its leading zero', { ...valid, deadline: '6:00' }, 'body.deadline'],
    ['minute 60', { ...valid, deadline: '06:60' }, 'body.deadline'],
    ['unknown days', { ...valid, days: 'weekends' }, 'body.days'],
    ['zero documents', { ...valid, minDocuments: 0 }, 'body.minDocuments'],
    ['a huge number of documents', { ...valid, minDocuments: 1e300 }, 'body.minDocuments'],
    ['a fraction of a document', { ...valid, minDocuments: 1.5 }, 'body.minDocuments'],
    ['a huge application name', { ...valid, application: 'a'.repeat(101) }, 'body.application'],
    ['an unknown field', { ...valid, owner: 'me' }, 'body.owner'],
  ])('refuses %s with 400 naming the field', async (_case, body, field) => {
    const response = await call('POST', '/api/expected-deliveries', admin, body);
    expect(response.statusCode).toBe(400);
    const error = response.json<{ status: number; errors: { field: string }[] }>();
    expect(error.status).toBe(400);
    expect(error.errors.map((e) => e.field)).toContain(field);
  });

  it("creates a rule in the market's zone by default, keeps it, changes it, deletes it, and audits each step", async () => {
    const created = await call('POST', '/api/expected-deliveries', admin, {
      ...valid,
      application,
      minDocuments: 100,
    });
    expect(created.statusCode).toBe(201);
    const rule = created.json<TExpectedDelivery>();
    expect(rule).toMatchObject({
      name: 'Invoices to Kivra',
      filenamePattern: 'INV_*.xml',
      application,
      deadline: '06:00',
      // Mälardalens Vatten AB is a Swedish account.
      timeZone: 'Europe/Stockholm',
      days: 'businessDays',
      minDocuments: 100,
      enabled: true,
      lastDeadlines: [],
    });
    const next = new Date(rule.nextDeadlineAt);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    // 06:00 in Stockholm is 05:00Z in winter, 04:00Z in summer.
    expect([4, 5]).toContain(next.getUTCHours());

    const list = (
      await call('GET', '/api/expected-deliveries', admin)
    ).json<TListExpectedDeliveriesResponse>();
    expect(list.defaultTimeZone).toBe('Europe/Stockholm');
    expect(list.applications).toContain(application);
    expect(list.rules.map((r) => r.id)).toContain(rule.id);

    // A new name keeps the deadline that is due; a new time moves it.
    const renamed = await call('PUT', `/api/expected-deliveries/${rule.id}`, admin, {
      ...valid,
      name: 'Invoices (Kivra)',
      application,
      minDocuments: 100,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<TExpectedDelivery>()).toMatchObject({
      name: 'Invoices (Kivra)',
      nextDeadlineAt: rule.nextDeadlineAt,
    });
    const moved = await call('PUT', `/api/expected-deliveries/${rule.id}`, admin, {
      ...valid,
      deadline: '23:15',
      timeZone: 'Europe/Helsinki',
      days: 'everyDay',
    });
    expect(moved.statusCode).toBe(200);
    const movedRule = moved.json<TExpectedDelivery>();
    expect(movedRule).toMatchObject({
      deadline: '23:15',
      timeZone: 'Europe/Helsinki',
      application: null,
      minDocuments: null,
    });
    // 23:15 in Helsinki is 21:15Z in winter, 20:15Z in summer.
    expect(new Date(movedRule.nextDeadlineAt).getUTCMinutes()).toBe(15);

    expect((await call('DELETE', `/api/expected-deliveries/${rule.id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/api/expected-deliveries/${rule.id}`, admin)).statusCode).toBe(404);

    const { rows } = await ctx.db.$client.query<{ action: string; customer_id: number; actor_email: string }>(
      `SELECT action, customer_id, actor_email FROM audit_log WHERE entity_type = 'expectedDelivery' AND entity_id = $1 ORDER BY id`,
      [rule.id],
    );
    expect(rows.map((r) => r.action)).toEqual([
      'expectedDelivery.created',
      'expectedDelivery.updated',
      'expectedDelivery.updated',
      'expectedDelivery.deleted',
    ]);
    expect(rows.every((r) => r.customer_id === malardalen && r.actor_email === 'admin@example.com')).toBe(
      true,
    );
  });
});
