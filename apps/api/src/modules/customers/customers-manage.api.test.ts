import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';

describe('[CUSTOMERS] list, create, edit, service access, audit', () => {
  let ctx: TestContext;
  let sfadmin: string;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    [sfadmin, admin, user] = await Promise.all([
      ctx.tokenFor('sfadmin@example.com'),
      ctx.tokenFor('admin@example.com'),
      ctx.tokenFor('user@example.com'),
    ]);
  });
  afterAll(() => ctx.close());

  const call = (token: string | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      ...(payload !== undefined ? { payload: payload as object } : {}),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const permissionId = async (prefix: string, name: string) =>
    (
      await ctx.db.$client.query<{ id: number }>(
        'SELECT id FROM permissions WHERE prefix = $1 AND name = $2',
        [prefix, name],
      )
    ).rows[0]!.id;
  const newCustomer = {
    name: 'Vänerns Hamn AB',
    customerNumber: 'se777001',
    market: 'SE',
    organizationalNumber: '556677-8899',
    vatNumber: '',
    notes: 'Imported by hand',
    crmMappingGuid: null,
    wodGroupName: null,
  };

  describe('GET /api/v2/customers', () => {
    it('searches by name and number in a market, sorted, a page at a time', async () => {
      const page = await call(sfadmin, 'GET', '/api/v2/customers?market=SE&take=5&skip=0&sortBy=name');
      expect(page.statusCode).toBe(200);
      expect(page.json().totalCount).toBe(12);
      expect(page.json().result).toHaveLength(5);
      const names = page.json().result.map((c: { name: string }) => c.name);
      expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'sv')));
      const second = await call(sfadmin, 'GET', '/api/v2/customers?market=SE&take=5&skip=5&sortBy=name');
      expect(second.json().result[0].name).not.toBe(names[0]);
      const byName = await call(
        sfadmin,
        'GET',
        `/api/v2/customers?customerName=${encodeURIComponent('göta bo')}`,
      );
      expect(byName.json()).toMatchObject({
        totalCount: 1,
        result: [{ name: 'Göta Bostäder AB', userCount: 3 }],
      });
      const byNumber = await call(sfadmin, 'GET', '/api/v2/customers?customerNumber=FI&take=1');
      expect(byNumber.json().totalCount).toBe(12);
      const descending = await call(
        sfadmin,
        'GET',
        '/api/v2/customers?sortBy=customerNumber&sortDirection=desc&take=1',
      );
      expect(descending.json().result[0].customerNumber.startsWith('SE')).toBe(true);
    });

    it('refuses bad parameters and everyone but provider administrators', async () => {
      expect((await call(sfadmin, 'GET', '/api/v2/customers?market=XX')).statusCode).toBe(400);
      expect((await call(sfadmin, 'GET', '/api/v2/customers?take=1000')).json().errors[0]).toMatchObject({
        field: 'query.take',
        code: 'tooBig',
      });
      expect((await call(sfadmin, 'GET', '/api/v2/customers?sortBy=password')).statusCode).toBe(400);
      expect((await call(admin, 'GET', '/api/v2/customers')).statusCode).toBe(403);
      expect((await call(user, 'GET', '/api/v2/customers')).statusCode).toBe(403);
      expect((await call(undefined, 'GET', '/api/v2/customers')).statusCode).toBe(401);
    });
  });

  describe('GET /api/v3/customers', () => {
    it("answers the caller's own accounts without parameters, and the search with them", async () => {
      const own = await call(user, 'GET', '/api/v3/customers');
      expect(own.json().map((c: { name: string }) => c.name)).toEqual([
        'Göta Bostäder AB',
        'Mälardalens Vatten AB',
      ]);
      const search = await call(sfadmin, 'GET', '/api/v3/customers?market=FI&take=3');
      expect(search.json()).toMatchObject({ totalCount: 12 });
      expect(search.json().result).toHaveLength(3);
      expect((await call(admin, 'GET', '/api/v3/customers?take=3')).statusCode).toBe(403);
      expect((await call(sfadmin, 'GET', '/api/v3/customers?take=x')).statusCode).toBe(400);
    });
  });

  describe('POST /api/customers', () => {
    it('creates a customer with its starting service access, audited', async () => {
      const stt = await permissionId('STT', 'stt-appapi-client');
      const created = await call(sfadmin, 'POST', '/api/customers', { ...newCustomer, permissionIds: [stt] });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        name: 'Vänerns Hamn AB',
        customerNumber: 'SE777001',
        vatNumber: null,
        createdBy: 'sfadmin@example.com',
        customerPermissions: [{ id: stt }],
      });
      const { rows } = await ctx.db.$client.query(
        `SELECT customer_id, request_id FROM audit_log WHERE action = 'customer.created'`,
      );
      expect(rows).toEqual([{ customer_id: created.json().id, request_id: created.headers['x-request-id'] }]);
    });

    it("gives one 201 and one 409 'This customer already exists' for two simultaneous creates", async () => {
      const payload = { ...newCustomer, customerNumber: 'NO555001', market: 'NO', name: 'Tromsø Havn AS' };
      const [a, b] = await Promise.all([
        call(sfadmin, 'POST', '/api/customers', payload),
        call(sfadmin, 'POST', '/api/customers', payload),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      expect((a.statusCode === 409 ? a : b).json()).toMatchObject({
        errorCode: 'CUSTOMER_EXISTS',
        detail: 'This customer already exists',
        errors: [{ field: 'body.customerNumber', code: 'alreadyExists' }],
      });
    });

    it('explains invalid fields, unknown permissions, and refuses others', async () => {
      const invalid = await call(sfadmin, 'POST', '/api/customers', {
        ...newCustomer,
        customerNumber: '123',
        name: '',
        notes: 'x'.repeat(2001),
        crmMappingGuid: '1234',
      });
      expect(invalid.statusCode).toBe(400);
      const fields = invalid
        .json()
        .errors.map((e: { field: string; message: string }) => [e.field, e.message]);
      expect(fields).toEqual(
        expect.arrayContaining([
          ['body.name', 'This field cannot be empty.'],
          ['body.notes', 'This field cannot be bigger than 2000 characters.'],
          ['body.crmMappingGuid', 'Incorrect GUID syntax'],
          ['body.customerNumber', 'Use a country prefix and digits, e.g. SE123.'],
        ]),
      );
      const unknown = await call(sfadmin, 'POST', '/api/customers', {
        ...newCustomer,
        customerNumber: 'SE777002',
        permissionIds: [999999],
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors[0].field).toBe('body.permissionIds');
      expect((await call(admin, 'POST', '/api/customers', newCustomer)).statusCode).toBe(403);
    });

    it('also creates through the older client (customer, customerPermissions, applications)', async () => {
      const app = (
        await ctx.db.$client.query<{ id: number }>(
          `SELECT id FROM applications WHERE application_name = 'web-shop'`,
        )
      ).rows[0]!.id;
      const created = await call(sfadmin, 'POST', '/api/legacy/v2/customers', {
        customer: { ...newCustomer, customerNumber: 'DK444001', market: 'DK', name: 'Aarhus Havn A/S' },
        customerPermissions: [{ id: await permissionId('LIT', 'CustomerUser') }],
        applications: [{ id: app }],
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().applications).toEqual([{ id: app, applicationName: 'web-shop' }]);
    });
  });

  describe('PUT /api/customers/:id', () => {
    it('changes the details and audits only what changed, before and after', async () => {
      const id = await ctx.customerId('Pohjolan Sähkö Oy');
      const current = (await call(sfadmin, 'GET', `/api/legacy/customers/${id}`)).json();
      const updated = await call(sfadmin, 'PUT', `/api/customers/${id}`, {
        name: current.name,
        market: current.market,
        organizationalNumber: current.organizationalNumber,
        vatNumber: current.vatNumber,
        notes: 'Invoices by e-mail from March.',
        crmMappingGuid: current.crmMappingGuid,
        wodGroupName: current.wodGroupName,
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({
        notes: 'Invoices by e-mail from March.',
        modifiedBy: 'sfadmin@example.com',
      });
      const { rows } = await ctx.db.$client.query(
        `SELECT before, after FROM audit_log WHERE action = 'customer.updated' AND customer_id = $1`,
        [id],
      );
      expect(rows).toEqual([
        { before: { notes: current.notes }, after: { notes: 'Invoices by e-mail from March.' } },
      ]);
      const legacy = await call(sfadmin, 'PUT', '/api/legacy/customers', {
        customer: { ...updated.json(), id, name: 'Pohjolan Sähkö Oyj' },
      });
      expect(legacy.json().name).toBe('Pohjolan Sähkö Oyj');
    });

    it('answers 404 for a missing customer, 400 for a bad id, 403 for others', async () => {
      const body = { name: 'x', market: 'SE' };
      expect((await call(sfadmin, 'PUT', '/api/customers/999999', body)).statusCode).toBe(404);
      const bad = await call(sfadmin, 'PUT', '/api/customers/x1', body);
      expect(bad.json().errors[0].message).toBe('Invalid customerId: x1 is not a valid number');
      const own = await ctx.customerId('Mälardalens Vatten AB');
      expect((await call(admin, 'PUT', `/api/customers/${own}`, body)).statusCode).toBe(403);
    });
  });

  describe('service access', () => {
    it('grants and withdraws permissions and applications; withdrawn ones leave the users too', async () => {
      const id = await ctx.customerId('Göta Bostäder AB');
      const access = await call(sfadmin, 'GET', `/api/customers/${id}/service-access`);
      expect(access.statusCode).toBe(200);
      const services = access.json().services as {
        shortName: string;
        notGrantedWithAccess: boolean;
        permissions: { id: number; name: string; granted: boolean }[];
        applications: { id: number; granted: boolean }[];
      }[];
      expect(services.find((s) => s.shortName === 'WOD')!.notGrantedWithAccess).toBe(true);
      expect(services.find((s) => s.shortName === 'STT')!.notGrantedWithAccess).toBe(false);
      const granted = services.flatMap((s) => s.permissions.filter((p) => p.granted).map((p) => p.id));
      const sup = services.find((s) => s.shortName === 'SUP')!.permissions.map((p) => p.id);
      const jir = services.find((s) => s.shortName === 'JIR')!.permissions.map((p) => p.id);
      const keep = granted.filter((p) => !sup.includes(p));
      const updated = await call(sfadmin, 'PUT', `/api/customers/${id}/service-access`, {
        permissionIds: [...keep, ...jir],
        applicationIds: [],
      });
      expect(updated.statusCode).toBe(200);
      const after = updated.json().services as typeof services;
      expect(after.find((s) => s.shortName === 'SUP')!.permissions.every((p) => !p.granted)).toBe(true);
      expect(after.find((s) => s.shortName === 'JIR')!.permissions.every((p) => p.granted)).toBe(true);
      const userId = await ctx.userId('user@example.com');
      const { rows } = await ctx.db.$client.query(
        `SELECT 1 FROM customer_user_permissions WHERE user_id = $1 AND customer_id = $2 AND permission_id = ANY($3)`,
        [userId, id, sup],
      );
      expect(rows).toHaveLength(0);
      const audit = await ctx.db.$client.query(
        `SELECT before, after FROM audit_log WHERE action = 'customer.service-access-updated' AND customer_id = $1`,
        [id],
      );
      expect(audit.rows[0].before.permissionIds).toEqual(expect.arrayContaining(sup));
      expect(audit.rows[0].after.permissionIds).toEqual(expect.arrayContaining(jir));
    });

    it('keeps a track-and-trace permission of one customer away from the others', async () => {
      const stt = (
        await ctx.db.$client.query<{ id: number }>(`SELECT id FROM services WHERE short_name = 'STT'`)
      ).rows[0]!.id;
      const gota = await ctx.customerId('Göta Bostäder AB');
      const other = await ctx.customerId('Mälardalens Vatten AB');
      const created = await call(sfadmin, 'POST', `/api/services/${stt}/permissions`, {
        name: 'stt-gota-only',
        customerId: gota,
      });
      const permission = created
        .json()
        .permissions.find((p: { name: string }) => p.name === 'stt-gota-only').id;
      const otherAccess = await call(sfadmin, 'GET', `/api/customers/${other}/service-access`);
      expect(JSON.stringify(otherAccess.json())).not.toContain('stt-gota-only');
      const refused = await call(sfadmin, 'PUT', `/api/customers/${other}/service-access`, {
        permissionIds: [permission],
        applicationIds: [],
      });
      expect(refused.statusCode).toBe(400);
    });

    it('also works through the older client, and refuses others', async () => {
      const id = await ctx.customerId('Fjordkraft Distribusjon AS');
      const lit = await permissionId('LIT', 'CustomerUser');
      const legacy = await call(sfadmin, 'PUT', '/api/legacy/customers/permissions', {
        customer: { id },
        activePermissions: [{ id: lit }],
      });
      expect(legacy.statusCode).toBe(200);
      expect(legacy.json().customerPermissions).toEqual([expect.objectContaining({ id: lit })]);
      const app = (
        await ctx.db.$client.query<{ id: number }>(
          `SELECT id FROM applications WHERE application_name = 'ticketing'`,
        )
      ).rows[0]!.id;
      const apps = await call(sfadmin, 'POST', '/api/legacy/customers/applications', {
        customer: { id },
        appIds: [app],
      });
      expect(apps.json()).toEqual([
        expect.objectContaining({ id: app, applicationName: 'ticketing', serviceName: 'Ticketing tool' }),
      ]);
      const listed = await call(sfadmin, 'GET', `/api/legacy/customers/applications?id=${id}`);
      expect(listed.json()).toEqual([{ id: app, applicationName: 'ticketing' }]);
      const badId = await call(sfadmin, 'GET', '/api/legacy/customers/applications?id=abc');
      expect(badId.json().errors[0].message).toBe('Invalid customerId: abc is not a valid number');
      expect((await call(sfadmin, 'GET', '/api/customers/999999/service-access')).statusCode).toBe(404);
      expect((await call(admin, 'GET', `/api/customers/${id}/service-access`)).statusCode).toBe(403);
      expect(
        (
          await call(admin, 'PUT', `/api/customers/${id}/service-access`, {
            permissionIds: [],
            applicationIds: [],
          })
        ).statusCode,
      ).toBe(403);
    });
  });

  describe('audit log', () => {
    it('shows a customer its entries with before and after, filtered, and exports them as CSV', async () => {
      const id = await ctx.customerId('Mälardalens Vatten AB');
      const mfa = await call(sfadmin, 'PUT', `/api/customers/${id}/mfa`, {
        isMFAEnabled: true,
        mfaType: 'email',
      });
      expect(mfa.statusCode).toBe(200);
      const list = await call(admin, 'GET', `/api/customers/${id}/audit?action=customer.mfa`);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toMatchObject({
        totalCount: 1,
        result: [
          {
            action: 'customer.mfa-updated',
            actorEmail: 'sfadmin@example.com',
            before: { isMFAEnabled: false },
            after: { isMFAEnabled: true, mfaType: 'email' },
            requestId: mfa.headers['x-request-id'],
          },
        ],
      });
      const byActor = await call(admin, 'GET', `/api/customers/${id}/audit?actor=nobody`);
      expect(byActor.json().totalCount).toBe(0);
      const future = await call(admin, 'GET', `/api/customers/${id}/audit?from=2999-01-01`);
      expect(future.json().totalCount).toBe(0);
      const csv = await call(admin, 'GET', `/api/customers/${id}/audit/export?action=customer.mfa`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe(`attachment; filename="audit-${id}.csv"`);
      const lines = csv.body.trim().split('\r\n');
      expect(lines[0]).toBe('time,actor,action,entity type,entity id,before,after,request id');
      expect(lines[1]).toContain('customer.mfa-updated');
      expect(lines).toHaveLength(2);
    });

    it('refuses administrators of other customers, customer users and bad dates', async () => {
      const foreign = await ctx.customerId('Göta Bostäder AB');
      expect((await call(admin, 'GET', `/api/customers/${foreign}/audit`)).statusCode).toBe(403);
      expect((await call(admin, 'GET', `/api/customers/${foreign}/audit/export`)).statusCode).toBe(403);
      expect((await call(user, 'GET', `/api/customers/${foreign}/audit`)).statusCode).toBe(403);
      expect((await call(sfadmin, 'GET', '/api/customers/999999/audit')).statusCode).toBe(404);
      expect((await call(sfadmin, 'GET', `/api/customers/${foreign}/audit?from=yesterday`)).statusCode).toBe(
        400,
      );
    });
  });

  describe('GET /api/accounts', () => {
    it('finds every account for provider administrators and only their own for others', async () => {
      const all = await call(sfadmin, 'GET', '/api/accounts?accountNumberContains=DK');
      expect(all.json().length).toBeGreaterThanOrEqual(12);
      expect(all.json().every((c: { customerNumber: string }) => c.customerNumber.startsWith('DK'))).toBe(
        true,
      );
      const own = await call(admin, 'GET', '/api/accounts?nameContains=a');
      expect(
        own
          .json()
          .map((c: { name: string }) => c.name)
          .sort(),
      ).toEqual(['Bergen Boligbyggelag AS', 'Mälardalens Vatten AB', 'Norrlandskraft Energi AB']);
      expect((await call(undefined, 'GET', '/api/accounts')).statusCode).toBe(401);
    });
  });
});
