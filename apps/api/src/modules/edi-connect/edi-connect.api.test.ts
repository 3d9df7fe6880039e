import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const order = (overrides: Record<string, unknown> = {}) => ({
  partnerName: 'Nordic Grocery Wholesale AB',
  partnerIdentifierType: 'GLN',
  partnerIdentifier: '7350000000009',
  connection: { protocol: 'AS2', as2Id: 'NGW-AS2', url: 'https://as2.ngw.example/receive' },
  messageStandard: 'EDIFACT',
  messageTypes: ['ORDERS', 'INVOIC'],
  direction: 'BOTH',
  environment: 'TEST',
  contactName: 'Ulla Sand',
  contactEmail: 'ulla.sand@example.com',
  contactPhone: '+46 70 123 45 67',
  requestedGoLive: inDays(30),
  notes: 'Test interchange first.',
  ...overrides,
});

describe('[EDI CONNECT] communication orders and their workflow', () => {
  let ctx: TestContext;
  let user: string;
  let admin: string;
  let provider: string;
  let gota: number;
  let malardalen: number;
  let bergen: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    [user, admin, provider] = await Promise.all([
      ctx.tokenFor('user@example.com'),
      ctx.tokenFor('admin@example.com'),
      ctx.tokenFor('sfadmin@example.com'),
    ]);
    gota = await ctx.customerId('Göta Bostäder AB');
    malardalen = await ctx.customerId('Mälardalens Vatten AB');
    bergen = await ctx.customerId('Bergen Boligbyggelag AS');
  });
  afterAll(() => ctx.close());

  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const create = (payload: unknown, account = gota, token = user) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/edi-connect/deployment-requests?activeAccountId=${account}`,
      headers: as(token),
      payload: payload as object,
    });
  const move = (id: number, payload: object, token = provider) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/edi-connect/provider/deployment-requests/${id}/status`,
      headers: as(token),
      payload,
    });

  it('orders a connection and shows it as submitted at the top of the list', async () => {
    const response = await create(order());
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      customerId: gota,
      status: 'submitted',
      protocol: 'AS2',
      connection: { as2Id: 'NGW-AS2', url: 'https://as2.ngw.example/receive' },
      messageTypes: ['ORDERS', 'INVOIC'],
      requestedBy: 'Ulla Sand',
      nextStatuses: [],
      rejectionReason: null,
    });
    const list = await ctx.app.inject({
      url: `/api/edi-connect/deployment-requests?activeAccountId=${gota}`,
      headers: as(user),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().requests[0]).toMatchObject({ id: created.id, status: 'submitted' });
    expect(list.json().requests.every((r: { customerId: number }) => r.customerId === gota)).toBe(true);
  });

  it.each([
    ['a GLN with a wrong check digit', { partnerIdentifier: '7350000000008' }, 'body.partnerIdentifier'],
    [
      'an OVT code of the wrong shape',
      { partnerIdentifierType: 'OVT', partnerIdentifier: '12345' },
      'body.partnerIdentifier',
    ],
    ['message types of another standard', { messageStandard: 'X12' }, 'body.messageTypes.0'],
    ['no message type', { messageTypes: [] }, 'body.messageTypes'],
    [
      'an SFTP order without host',
      { connection: { protocol: 'SFTP', port: 22, username: 'hub' } },
      'body.connection.host',
    ],
    ['an unknown protocol', { connection: { protocol: 'VAN' } }, 'body.connection.protocol'],
    [
      'a port out of range',
      { connection: { protocol: 'OFTP2', odetteId: 'O0013000000X', host: 'oftp.example', port: 70000 } },
      'body.connection.port',
    ],
    ['an invalid e-mail', { contactEmail: 'not-an-email' }, 'body.contactEmail'],
    ['a go-live date in the past', { requestedGoLive: inDays(-1) }, 'body.requestedGoLive'],
    ['an unknown field', { colour: 'blue' }, 'body.colour'],
  ])('refuses %s', async (_, overrides, field) => {
    const response = await create(order(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('says "This field cannot be empty." for a missing partner name', async () => {
    const response = await create(order({ partnerName: '' }));
    expect(response.json().errors).toContainEqual(
      expect.objectContaining({ field: 'body.partnerName', message: 'This field cannot be empty.' }),
    );
  });

  it('refuses anonymous callers, foreign accounts and accounts without EDI connect', async () => {
    expect(
      (await ctx.app.inject({ url: `/api/edi-connect/deployment-requests?activeAccountId=${gota}` }))
        .statusCode,
    ).toBe(401);
    expect((await create(order(), bergen)).statusCode).toBe(403);
    expect((await create(order(), malardalen)).statusCode).toBe(403);
  });

  it("answers another customer's order with 404", async () => {
    const { rows } = await ctx.db.$client.query<{ id: number }>(
      'SELECT id FROM deployment_requests WHERE customer_id <> $1 LIMIT 1',
      [gota],
    );
    const response = await ctx.app.inject({
      url: `/api/edi-connect/deployment-requests/${rows[0]!.id}?activeAccountId=${gota}`,
      headers: as(user),
    });
    expect(response.statusCode).toBe(404);
  });

  it('is moved by provider staff along the workflow, telling the customer each time', async () => {
    const id = (await create(order({ partnerName: 'Polar Retail Oy' }))).json().id;
    const userId = await ctx.userId('user@example.com');
    for (const status of ['inProgress', 'testing', 'live']) {
      const response = await move(id, { status });
      expect(response.statusCode).toBe(200);
      expect(response.json().status).toBe(status);
    }
    const notified = await ctx.db.$client.query(
      "SELECT payload FROM notifications WHERE user_id = $1 AND type = 'deploymentRequestStatus' ORDER BY id",
      [userId],
    );
    expect(notified.rows.map((r) => r.payload.status)).toEqual(['inProgress', 'testing', 'live']);
    expect((await ctx.lastMailTo('user@example.com'))?.subject).toBe(
      'EDI connect order for Polar Retail Oy: live',
    );
    const final = await move(id, { status: 'inProgress' });
    expect(final.statusCode).toBe(409);
  });

  it('needs a reason to reject, and shows it to the customer', async () => {
    const id = (await create(order())).json().id;
    const noReason = await move(id, { status: 'rejected' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toContainEqual(
      expect.objectContaining({ field: 'body.reason', code: 'required' }),
    );
    const rejected = await move(id, { status: 'rejected', reason: 'The partner only supports OFTP2.' });
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The partner only supports OFTP2.',
    });
    const seen = await ctx.app.inject({
      url: `/api/edi-connect/deployment-requests/${id}?activeAccountId=${gota}`,
      headers: as(user),
    });
    expect(seen.json()).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The partner only supports OFTP2.',
    });
  });

  it('lets only provider staff move orders, and settles two simultaneous moves once', async () => {
    const id = (await create(order())).json().id;
    expect((await move(id, { status: 'inProgress' }, user)).statusCode).toBe(403);
    expect((await move(id, { status: 'inProgress' }, admin)).statusCode).toBe(403);
    const moves = await Promise.all([move(id, { status: 'inProgress' }), move(id, { status: 'inProgress' })]);
    expect(moves.map((m) => m.statusCode).sort()).toEqual([200, 409]);
    expect((await move(999_999, { status: 'inProgress' })).statusCode).toBe(404);
  });

  it('sorts by partner name on request', async () => {
    const response = await ctx.app.inject({
      url: '/api/edi-connect/provider/deployment-requests?pageSize=100&sort=partnerName&order=asc',
      headers: as(provider),
    });
    const names = response.json().requests.map((r: { partnerName: string }) => r.partnerName.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it("lists every customer's orders for provider staff, narrowed on request", async () => {
    const all = await ctx.app.inject({
      url: '/api/edi-connect/provider/deployment-requests?pageSize=100',
      headers: as(provider),
    });
    expect(
      new Set(all.json().requests.map((r: { customerId: number }) => r.customerId)).size,
    ).toBeGreaterThan(2);
    expect(all.json().requests[0].nextStatuses.length).toBeGreaterThanOrEqual(0);
    const one = await ctx.app.inject({
      url: `/api/edi-connect/provider/deployment-requests?customerId=${gota}&status=submitted`,
      headers: as(provider),
    });
    expect(
      one
        .json()
        .requests.every(
          (r: { customerId: number; status: string }) => r.customerId === gota && r.status === 'submitted',
        ),
    ).toBe(true);
    expect(
      (await ctx.app.inject({ url: '/api/edi-connect/provider/deployment-requests', headers: as(user) }))
        .statusCode,
    ).toBe(403);
  });
});
