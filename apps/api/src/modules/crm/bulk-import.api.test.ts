import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';

describe('[CUSTOMERS] bulk creation from the built-in CRM directory', () => {
  let ctx: TestContext;
  let sfadmin: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    sfadmin = await ctx.tokenFor('sfadmin@example.com');
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: object, token: string | undefined = sfadmin) =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const get = (url: string) => ctx.app.inject({ url, headers: { authorization: `Bearer ${sfadmin}` } });
  const existing = async () =>
    (
      await ctx.db.$client.query<{ customer_number: string }>(
        `SELECT customer_number FROM customers WHERE name = 'Göta Bostäder AB'`,
      )
    ).rows[0]!.customer_number;

  it('checks each account against the CRM and the Hub, with the reason when it is not ready', async () => {
    const inHub = await existing();
    const response = await post('/api/customer-imports/check', {
      accountNumbers: `SE200101, ${inHub.toLowerCase()},SE999999\nNO300901, DK400901, FI500901, S123, SE200101`,
    });
    expect(response.statusCode).toBe(200);
    const accounts = response.json().accounts;
    expect(accounts.map((a: { accountNumber: string }) => a.accountNumber)).toEqual([
      'SE200101',
      inHub,
      'SE999999',
      'NO300901',
      'DK400901',
      'FI500901',
      'S123',
    ]);
    expect(accounts[0]).toMatchObject({
      ready: true,
      problem: null,
      crm: { name: 'Kustbanan Logistik AB', market: 'SE' },
    });
    expect(accounts[1]).toMatchObject({ ready: false, problem: 'existsInHub' });
    expect(accounts[2]).toMatchObject({ ready: false, problem: 'notInCrm', crm: null });
    expect(accounts[3]).toMatchObject({ problem: 'incomplete', missingFields: ['market'] });
    expect(accounts[4]).toMatchObject({ problem: 'incomplete', missingFields: ['organizationalNumber'] });
    expect(accounts[5]).toMatchObject({
      problem: 'incomplete',
      missingFields: ['name', 'organizationalNumber'],
    });
    expect(accounts[6]).toMatchObject({ problem: 'invalid' });
  });

  it('refuses an empty or too long list, customer administrators and the anonymous', async () => {
    const empty = await post('/api/customer-imports/check', { accountNumbers: ' , ' });
    expect(empty.json().errors[0]).toMatchObject({ field: 'body.accountNumbers', code: 'required' });
    const many = Array.from({ length: 201 }, (_, i) => `SE${i + 1}`).join(',');
    const tooMany = await post('/api/customer-imports/check', { accountNumbers: many });
    expect(tooMany.json().errors[0]).toMatchObject({ code: 'tooBig', params: { maximum: 200 } });
    const admin = await ctx.tokenFor('admin@example.com');
    expect((await post('/api/customer-imports/check', { accountNumbers: 'SE1' }, admin)).statusCode).toBe(
      403,
    );
    expect((await post('/api/customer-imports', { accountNumbers: ['SE1'] }, admin)).statusCode).toBe(403);
    expect((await post('/api/customer-imports/check', { accountNumbers: 'SE1' }, '')).statusCode).toBe(401);
  });

  it('imports a few accounts at once, checks each again and lists the failures', async () => {
    const response = await post('/api/customer-imports', {
      accountNumbers: ['SE200102', 'NO300101', await existing(), 'SE999999'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'finished',
      total: 4,
      processed: 4,
      imported: 2,
      failed: 2,
      accounts: [
        { accountNumber: 'SE200102', status: 'imported', customerId: expect.any(Number) },
        { accountNumber: 'NO300101', status: 'imported' },
        { status: 'failed', problem: 'existsInHub' },
        { accountNumber: 'SE999999', status: 'failed', problem: 'notInCrm' },
      ],
    });
    const id = response.json().accounts[0].customerId;
    const customer = (await get(`/api/legacy/customers/${id}`)).json();
    expect(customer).toMatchObject({
      name: 'Vätterns Fastigheter AB',
      market: 'SE',
      createdBy: 'sfadmin@example.com',
    });
    const { rows } = await ctx.db.$client.query(
      `SELECT request_id FROM audit_log WHERE action = 'customer.imported' AND customer_id = $1`,
      [id],
    );
    expect(rows).toEqual([{ request_id: response.headers['x-request-id'] }]);
  });

  it('imports more than a few accounts as a background job with progress, and notifies the requester', async () => {
    const numbers = [
      'SE200103',
      'SE200104',
      'SE200105',
      'SE200106',
      'DK400101',
      'DK400102',
      'FI500101',
      'SE200901',
    ];
    const queued = await post('/api/customer-imports', { accountNumbers: numbers });
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toMatchObject({ status: 'queued', total: 8, processed: 0 });
    const id = queued.json().id;
    let current = queued.json();
    for (let i = 0; i < 60 && current.status !== 'finished'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      current = (await get(`/api/customer-imports/${id}`)).json();
    }
    expect(current).toMatchObject({ status: 'finished', processed: 8, imported: 7, failed: 1 });
    expect(current.accounts[7]).toMatchObject({
      accountNumber: 'SE200901',
      problem: 'incomplete',
      missingFields: ['name'],
    });
    const notifications = await ctx.app.inject({
      url: '/api/notifications',
      headers: { authorization: `Bearer ${sfadmin}` },
    });
    expect(notifications.json().notifications[0]).toMatchObject({
      type: 'importFinished',
      payload: { importId: id, succeeded: 7, failed: 1 },
    });
    expect((await get('/api/customer-imports/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('[CUSTOMERS] bulk creation when the CRM does not answer', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      env: { CRM_URL: 'http://127.0.0.1:9/crm', CRM_TIMEOUT_MS: '300', CRM_RETRIES: '0' },
    });
  });
  afterAll(() => ctx.close());

  it('says so clearly and changes nothing', async () => {
    const token = await ctx.tokenFor('sfadmin@example.com');
    const check = await ctx.app.inject({
      method: 'POST',
      url: '/api/customer-imports/check',
      payload: { accountNumbers: 'SE200101' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(check.statusCode).toBe(502);
    expect(check.json()).toMatchObject({
      errorCode: 'CRM_UNAVAILABLE',
      detail: 'The CRM could not be reached. Try again in a few minutes; nothing was changed.',
    });
    const imported = await ctx.app.inject({
      method: 'POST',
      url: '/api/customer-imports',
      payload: { accountNumbers: ['SE200101'] },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(imported.statusCode).toBe(502);
    const { rows } = await ctx.db.$client.query(`SELECT 1 FROM customers WHERE customer_number = 'SE200101'`);
    expect(rows).toHaveLength(0);
  });
});
