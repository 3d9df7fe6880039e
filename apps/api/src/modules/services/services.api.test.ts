import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';

describe('[SERVICES] services, applications and permissions', () => {
  let ctx: TestContext;
  let sfadmin: string;
  let admin: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    sfadmin = await ctx.tokenFor('sfadmin@example.com');
    admin = await ctx.tokenFor('admin@example.com');
  });
  afterAll(() => ctx.close());

  const call = (token: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const serviceId = async (shortName: string) =>
    (await ctx.db.$client.query<{ id: number }>('SELECT id FROM services WHERE short_name = $1', [shortName]))
      .rows[0]!.id;
  const newService = {
    name: 'Digital mailroom',
    shortName: 'DMR',
    applicationName: 'dmr-web',
    crmMappingGuid: '3F2504E0-4F89-11D3-9A0C-0305E82C3301',
    wodGroupName: '',
    nameHint: 'Scanned incoming letters',
  };

  it('lists every service with its counts to provider administrators only', async () => {
    const list = await call(sfadmin, 'GET', '/api/services');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(
      expect.objectContaining({
        shortName: 'STT',
        name: 'Track and trace',
        applicationCount: 1,
        permissionCount: 3,
      }),
    );
    expect((await call(admin, 'GET', '/api/services')).statusCode).toBe(403);
    expect((await call(await ctx.tokenFor('user@example.com'), 'GET', '/api/services')).statusCode).toBe(403);
    expect((await call(undefined, 'GET', '/api/services')).statusCode).toBe(401);
  });

  it('adds a service with its first application, audited with the request id', async () => {
    const created = await call(sfadmin, 'POST', '/api/services', newService);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      shortName: 'DMR',
      crmMappingGuid: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
      wodGroupName: null,
      applications: [{ applicationName: 'dmr-web' }],
      permissions: [],
    });
    const { rows } = await ctx.db.$client.query(
      `SELECT actor_email, request_id, after FROM audit_log WHERE action = 'service.created'`,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        actor_email: 'sfadmin@example.com',
        request_id: created.headers['x-request-id'],
      }),
    ]);
    const again = await call(sfadmin, 'POST', '/api/services', { ...newService, applicationName: 'dmr-2' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      errorCode: 'SERVICE_EXISTS',
      errors: [{ field: 'body.shortName' }],
    });
    const takenApplication = await call(sfadmin, 'POST', '/api/services', {
      ...newService,
      shortName: 'DMR2',
      applicationName: 'stt-appapi-client',
    });
    expect(takenApplication.json()).toMatchObject({ status: 409, errorCode: 'APPLICATION_EXISTS' });
  });

  it('explains each invalid field with the spec message', async () => {
    const response = await call(sfadmin, 'POST', '/api/services', {
      ...newService,
      shortName: 'dm r',
      name: 'x'.repeat(101),
      crmMappingGuid: 'not-a-guid',
      applicationName: '',
    });
    expect(response.statusCode).toBe(400);
    const byField = Object.fromEntries(
      response.json().errors.map((e: { field: string; message: string; code: string }) => [e.field, e]),
    );
    expect(byField['body.crmMappingGuid']).toMatchObject({
      code: 'invalidGuid',
      message: 'Incorrect GUID syntax',
    });
    expect(byField['body.name']).toMatchObject({
      code: 'tooBig',
      message: 'This field cannot be bigger than 100 characters.',
    });
    expect(byField['body.applicationName']).toMatchObject({
      code: 'required',
      message: 'This field cannot be empty.',
    });
    expect(byField['body.shortName']).toMatchObject({ code: 'invalidFormat' });
    expect(response.body).not.toContain('not-a-guid');
  });

  it('shows one service with its applications and permissions; 404 and 400 otherwise', async () => {
    const stt = await serviceId('STT');
    const detail = await call(sfadmin, 'GET', `/api/services/${stt}`);
    expect(detail.json().permissions.map((p: { name: string }) => p.name)).toEqual([
      'CustomerAdmin',
      'CustomerUser',
      'stt-appapi-client',
    ]);
    expect((await call(sfadmin, 'GET', '/api/services/999999')).statusCode).toBe(404);
    expect((await call(sfadmin, 'GET', '/api/services/abc')).statusCode).toBe(400);
    expect((await call(admin, 'GET', `/api/services/${stt}`)).statusCode).toBe(403);
  });

  it('adds an application once: two simultaneous adds give one 201 and one 409', async () => {
    const sup = await serviceId('SUP');
    const [first, second] = await Promise.all([
      call(sfadmin, 'POST', `/api/services/${sup}/applications`, { applicationName: 'support-mobile' }),
      call(sfadmin, 'POST', `/api/services/${sup}/applications`, { applicationName: 'support-mobile' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const refused = first.statusCode === 409 ? first : second;
    expect(refused.json()).toMatchObject({
      errorCode: 'APPLICATION_EXISTS',
      detail: 'This application already exists.',
      errors: [{ field: 'body.applicationName', code: 'alreadyExists' }],
    });
    expect(
      (await call(sfadmin, 'POST', '/api/services/999999/applications', { applicationName: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await call(admin, 'POST', `/api/services/${sup}/applications`, { applicationName: 'y' })).statusCode,
    ).toBe(403);
  });

  it('adds a permission once per service: two simultaneous adds give one 201 and one 409', async () => {
    const ets = await serviceId('ETS');
    const [first, second] = await Promise.all([
      call(sfadmin, 'POST', `/api/services/${ets}/permissions`, { name: 'edi-audit', roles: ['READ_ALL'] }),
      call(sfadmin, 'POST', `/api/services/${ets}/permissions`, { name: 'edi-audit', roles: ['READ_ALL'] }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    expect((first.statusCode === 409 ? first : second).json()).toMatchObject({
      errorCode: 'PERMISSION_EXISTS',
    });
    // The same name in another service is another permission.
    const sup = await serviceId('SUP');
    expect(
      (await call(sfadmin, 'POST', `/api/services/${sup}/permissions`, { name: 'edi-audit' })).statusCode,
    ).toBe(201);
    const invalidRole = await call(sfadmin, 'POST', `/api/services/${sup}/permissions`, {
      name: 'x',
      roles: ['read all'],
    });
    expect(invalidRole.json().errors[0]).toMatchObject({ field: 'body.roles.0', code: 'invalidFormat' });
  });

  it('ties a track-and-trace permission to a customer, which has it in its service access at once', async () => {
    const stt = await serviceId('STT');
    const customer = await ctx.customerId('Göta Bostäder AB');
    const created = await call(sfadmin, 'POST', `/api/services/${stt}/permissions`, {
      name: 'stt-gota-invoices',
      roles: ['READ_ALL'],
      customerId: customer,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().permissions).toContainEqual(
      expect.objectContaining({
        name: 'stt-gota-invoices',
        customerId: customer,
        customerName: 'Göta Bostäder AB',
      }),
    );
    const { rows } = await ctx.db.$client.query(
      `SELECT 1 FROM customer_permissions cp JOIN permissions p ON p.id = cp.permission_id
        WHERE cp.customer_id = $1 AND p.name = 'stt-gota-invoices'`,
      [customer],
    );
    expect(rows).toHaveLength(1);
    const ets = await serviceId('ETS');
    const notStt = await call(sfadmin, 'POST', `/api/services/${ets}/permissions`, {
      name: 'y',
      customerId: customer,
    });
    expect(notStt.statusCode).toBe(400);
    expect(notStt.json().errors[0].field).toBe('body.customerId');
    const unknownCustomer = await call(sfadmin, 'POST', `/api/services/${stt}/permissions`, {
      name: 'z',
      customerId: 999999,
    });
    expect(unknownCustomer.statusCode).toBe(404);
  });

  it('searches permissions by text, prefix and name, a page at a time', async () => {
    const all = await call(sfadmin, 'GET', '/api/permission/search?take=2');
    expect(all.statusCode).toBe(200);
    expect(all.json().result).toHaveLength(2);
    expect(all.json().totalCount).toBeGreaterThanOrEqual(16);
    const byPrefix = await call(sfadmin, 'GET', '/api/permission/search?prefix=wod');
    expect(byPrefix.json().result.map((p: { prefix: string }) => p.prefix)).toEqual(['WOD', 'WOD']);
    const byFilter = await call(sfadmin, 'GET', '/api/permission/search?filter=appapi');
    expect(byFilter.json()).toMatchObject({ totalCount: 1, result: [{ name: 'stt-appapi-client' }] });
    const wildcard = await call(sfadmin, 'GET', '/api/permission/search?name=%25');
    expect(wildcard.json().totalCount).toBe(0);
    expect((await call(sfadmin, 'GET', '/api/permission/search?take=0')).statusCode).toBe(400);
    expect((await call(admin, 'GET', '/api/permission/search')).statusCode).toBe(403);
  });
});
