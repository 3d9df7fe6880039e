import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_WEBHOOK_REPLAY,
  type TCreateWebhookEndpointResponse,
  type TListWebhookDeliveriesResponse,
  type TWebhookEndpoint,
} from '@service-hub/contracts';
import { createTestApp, withoutService, type TestContext } from '../../../test/helpers.ts';
import { purgeExpired } from '../../jobs/purge-expired.job.ts';

describe('[WEBHOOKS] endpoints, secrets and the delivery log', () => {
  let ctx: TestContext;
  let admin: string;
  let user: string;
  let sfadmin: string;
  let malardalen: number;
  let gota: number;
  let norrland: number;

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    options: { token?: string; account?: number; body?: unknown; query?: string } = {},
  ) =>
    ctx.app.inject({
      method,
      url: `/api/webhooks${path}?activeAccountId=${options.account ?? malardalen}${options.query ?? ''}`,
      headers: { authorization: `Bearer ${options.token ?? admin}` },
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });

  const create = async (body: object = {}, token = admin, account = malardalen) => {
    const response = await call('POST', '/endpoints', {
      token,
      account,
      body: {
        url: 'https://hooks.example.com/hub',
        description: 'ERP',
        eventTypes: ['file.arrived'],
        ...body,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TCreateWebhookEndpointResponse>();
  };

  const sql = <T extends object>(text: string, values: unknown[] = []) =>
    ctx.db.$client.query<T>(text, values).then((r) => r.rows);

  /** A delivery of an event to an endpoint straight into the log, as the dispatcher would have left it. */
  const logged = async (
    endpointId: string,
    customerId: number,
    state: string,
    created: string,
    eventType = 'file.arrived',
  ) => {
    const [event] = await sql<{ id: number }>(
      `INSERT INTO hub_events (customer_id, type, occurred_at, data, created, fanned_out_at)
       VALUES ($1, $2, $3, '{}', $3, $3) RETURNING id`,
      [customerId, eventType, created],
    );
    const [row] = await sql<{ id: string }>(
      `INSERT INTO webhook_deliveries (id, endpoint_id, customer_id, event_id, event_type, state, attempts, created)
       VALUES ('msg_' || replace(gen_random_uuid()::text, '-', ''), $1, $2, $3, $4, $5, 1, $6) RETURNING id`,
      [endpointId, customerId, event!.id, eventType, state, created],
    );
    await sql(
      `INSERT INTO webhook_attempts (delivery_id, at, trigger, http_status, latency_ms, response_excerpt, error, succeeded)
       VALUES ($1, $2, 'event', $3, 41, $4, NULL, $5)`,
      [
        row!.id,
        created,
        state === 'succeeded' ? 200 : 500,
        state === 'succeeded' ? 'ok' : 'boom',
        state === 'succeeded',
      ],
    );
    return row!.id;
  };

  beforeAll(async () => {
    // The customers' receivers live on the internet; one name leads inside, one nowhere.
    ctx = await createTestApp({
      webhookResolver: async (host) => {
        if (host === 'hooks.internal-erp.example') return [{ address: '192.168.4.20', family: 4 }];
        if (host === 'hooks.example.com')
          return [
            { address: '93.184.215.14', family: 4 },
            { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
          ];
        throw Object.assign(new Error(`${host} not found`), { code: 'ENOTFOUND' });
      },
    });
    admin = await ctx.tokenFor('admin@example.com');
    user = await ctx.tokenFor('user@example.com');
    sfadmin = await ctx.tokenFor('sfadmin@example.com');
    malardalen = await ctx.customerId('Mälardalens Vatten AB');
    gota = await ctx.customerId('Göta Bostäder AB');
    norrland = await ctx.customerId('Norrlandskraft Energi AB');
  });
  afterAll(() => ctx.close());

  describe('refusals', () => {
    it('refuses an administrator events of a service they cannot read on the account themselves', async () => {
      await withoutService(ctx.db, 'admin@example.com', malardalen, 'ETS', async () => {
        const edi = await call('POST', '/endpoints', {
          body: {
            url: 'https://hooks.example.com/edi',
            eventTypes: ['file.arrived', 'edi_message.status_changed'],
          },
        });
        expect(edi.statusCode).toBe(403);
        expect(edi.json().detail).toContain('service you cannot read');
        // Alerts are about either service: one of them is enough.
        const { endpoint } = await create({ eventTypes: ['file.arrived', 'alert.raised'] });
        const widened = await call('PATCH', `/endpoints/${endpoint.id}`, {
          body: { eventTypes: ['edi_message.status_changed'] },
        });
        expect(widened.statusCode).toBe(403);
        expect((await call('GET', `/endpoints/${endpoint.id}`)).json().eventTypes).toEqual([
          'file.arrived',
          'alert.raised',
        ]);
      });
    });

    let endpoint: TWebhookEndpoint;
    let delivery: string;
    beforeAll(async () => {
      endpoint = (await create()).endpoint;
      delivery = await logged(endpoint.id, malardalen, 'failed', new Date().toISOString());
    });

    it('refuses anonymous callers, customer users and accounts the caller does not hold', async () => {
      const anonymous = await ctx.app.inject({
        url: `/api/webhooks/endpoints?activeAccountId=${malardalen}`,
      });
      expect(anonymous.statusCode).toBe(401);
      for (const [method, path, body] of [
        ['GET', '/endpoints', undefined],
        ['POST', '/endpoints', { url: 'https://hooks.example.com/x', eventTypes: ['file.arrived'] }],
        ['GET', `/endpoints/${endpoint.id}`, undefined],
        ['PATCH', `/endpoints/${endpoint.id}`, { enabled: false }],
        ['DELETE', `/endpoints/${endpoint.id}`, undefined],
        ['POST', `/endpoints/${endpoint.id}/rotate-secret`, {}],
        ['POST', `/endpoints/${endpoint.id}/test`, undefined],
        ['GET', '/deliveries', undefined],
        ['POST', `/deliveries/${delivery}/replay`, undefined],
        ['POST', '/deliveries/replay-failed', { from: '2026-01-01T00:00:00Z', to: '2027-01-01T00:00:00Z' }],
      ] as const) {
        // A customer user of the account: not an administrator.
        expect((await call(method, path, { token: user, body })).statusCode, `${method} ${path}`).toBe(403);
        // An administrator of other accounts naming this one.
        expect((await call(method, path, { token: sfadmin, body })).statusCode, `${method} ${path}`).toBe(
          403,
        );
      }
      expect(
        (
          await ctx.app.inject({
            url: `/api/webhooks/endpoints/${endpoint.id}?activeAccountId=${malardalen}`,
          })
        ).statusCode,
      ).toBe(401);
    });

    it("answers 404 for another account's endpoint or delivery named through one's own account, and changes nothing", async () => {
      for (const [method, path, body] of [
        ['GET', `/endpoints/${endpoint.id}`, undefined],
        ['PATCH', `/endpoints/${endpoint.id}`, { enabled: false }],
        ['DELETE', `/endpoints/${endpoint.id}`, undefined],
        ['POST', `/endpoints/${endpoint.id}/rotate-secret`, {}],
        ['POST', `/endpoints/${endpoint.id}/test`, undefined],
        ['POST', `/deliveries/${delivery}/replay`, undefined],
        [
          'POST',
          '/deliveries/replay-failed',
          { from: '2026-01-01T00:00:00Z', to: '2027-01-01T00:00:00Z', endpointId: endpoint.id },
        ],
      ] as const) {
        const response = await call(method, path, { account: norrland, body });
        expect(response.statusCode, `${method} ${path}`).toBe(404);
        expect(response.json()).toMatchObject({ errorCode: 'NOT_FOUND' });
      }
      // Norrland's lists show exactly Norrland's own rows (the demo seed gives it an endpoint and a log).
      const own = await sql<{ id: string }>(
        'SELECT id FROM webhook_endpoints WHERE customer_id = $1 ORDER BY created, id',
        [norrland],
      );
      expect(
        (await call('GET', '/endpoints', { account: norrland })).json<{ id: string }[]>().map((e) => e.id),
      ).toEqual(own.map((e) => e.id));
      expect(own.map((e) => e.id)).not.toContain(endpoint.id);
      const [ownDeliveries] = await sql<{ n: number }>(
        'SELECT count(*)::int AS n FROM webhook_deliveries WHERE customer_id = $1',
        [norrland],
      );
      const listed = (await call('GET', '/deliveries', { account: norrland, query: '&pageSize=100' })).json<{
        totalCount: number;
        result: { id: string }[];
      }>();
      expect(listed.totalCount).toBe(ownDeliveries!.n);
      expect(listed.result.map((d) => d.id)).not.toContain(delivery);
      expect(
        (await call('GET', '/deliveries', { account: norrland, query: `&endpointId=${endpoint.id}` })).json(),
      ).toMatchObject({ totalCount: 0 });
      const [row] = await sql<{ enabled: boolean; state: string }>(
        'SELECT e.enabled, d.state FROM webhook_endpoints e JOIN webhook_deliveries d ON d.endpoint_id = e.id WHERE d.id = $1',
        [delivery],
      );
      expect(row).toEqual({ enabled: true, state: 'failed' });
    });

    it('answers 404 for unknown ids and 400 for malformed ones', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect((await call('GET', `/endpoints/${unknown}`)).statusCode).toBe(404);
      expect((await call('POST', `/deliveries/msg_${'0'.repeat(32)}/replay`)).statusCode).toBe(404);
      expect((await call('GET', '/endpoints/not-a-uuid')).statusCode).toBe(400);
      expect((await call('POST', '/deliveries/evt_1/replay')).statusCode).toBe(400);
    });

    it.each([
      ['a plain http address', { url: 'http://hooks.example.com/x' }, 'body.url'],
      ['no address at all', { url: 'hooks.example.com' }, 'body.url'],
      ['a password in the address', { url: 'https://erp:secret@hooks.example.com/' }, 'body.url'],
      ['an unknown event type', { eventTypes: ['document.printed'] }, 'body.eventTypes.0'],
      ['no event type', { eventTypes: [] }, 'body.eventTypes'],
      ['an event type twice', { eventTypes: ['file.arrived', 'file.arrived'] }, 'body.eventTypes'],
      ['the test event as a subscription', { eventTypes: ['webhook.test'] }, 'body.eventTypes.0'],
      ['a huge address', { url: `https://hooks.example.com/${'a'.repeat(70_000)}` }, 'body.url'],
      ['a huge description', { description: 'x'.repeat(501) }, 'body.description'],
      ['NUL in the description', { description: 'ERP\u0000' }, 'body.description'],
      ['an unknown field', { secret: 'whsec_mine' }, 'body'],
    ])('refuses %s with a 400 in the error shape', async (_, change, field) => {
      const response = await call('POST', '/endpoints', {
        body: { url: 'https://hooks.example.com/hub', eventTypes: ['file.arrived'], ...change },
      });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body).toMatchObject({
        status: 400,
        errorCode: 'VALIDATION_FAILED',
        requestId: expect.any(String),
      });
      if (body.errors) expect(body.errors.map((e: { field: string }) => e.field).join()).toContain(field);
    });

    it('refuses bad rotation overlaps, log filters and replay ranges', async () => {
      for (const overlapHours of [-1, 169, 1.5, 1e308, '24'])
        expect(
          (await call('POST', `/endpoints/${endpoint.id}/rotate-secret`, { body: { overlapHours } }))
            .statusCode,
        ).toBe(400);
      for (const query of [
        '&state=lost',
        '&eventType=x',
        '&from=yesterday',
        '&endpointId=1',
        '&pageSize=7',
        '&from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z',
      ])
        expect((await call('GET', '/deliveries', { query })).statusCode, query).toBe(400);
      for (const body of [
        {},
        { from: '2026-01-01T00:00:00Z' },
        { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' },
        { from: 'x\u0000', to: 'y' },
      ])
        expect((await call('POST', '/deliveries/replay-failed', { body })).statusCode).toBe(400);
    });
  });

  describe('SSRF at registration', () => {
    it.each([
      ['loopback', 'https://127.0.0.1/hook'],
      ['loopback by name', 'https://localhost/hook'],
      ['IPv6 loopback', 'https://[::1]/hook'],
      ['RFC 1918 (10/8)', 'https://10.20.30.40/hook'],
      ['RFC 1918 (172.16/12)', 'https://172.31.0.1/hook'],
      ['RFC 1918 (192.168/16)', 'https://192.168.1.1/hook'],
      ['carrier-grade NAT', 'https://100.64.0.1/hook'],
      ['link-local', 'https://169.254.10.10/hook'],
      ['cloud metadata address', 'https://169.254.169.254/latest/meta-data'],
      ['cloud metadata name', 'https://metadata.google.internal/computeMetadata/v1/'],
      ['AWS metadata over IPv6', 'https://[fd00:ec2::254]/latest'],
      ['unique-local IPv6', 'https://[fc00::1]/hook'],
      ['link-local IPv6', 'https://[fe80::1]/hook'],
      ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/hook'],
      ['IPv4-mapped private', 'https://[::ffff:10.0.0.1]/hook'],
      ['NAT64 of a private address', 'https://[64:ff9b::a00:1]/hook'],
      ['unspecified', 'https://0.0.0.0/hook'],
      ['unspecified IPv6', 'https://[::]/hook'],
      ['multicast', 'https://224.0.0.1/hook'],
      ['IPv6 multicast', 'https://[ff02::1]/hook'],
      ['decimal loopback', 'https://2130706433/hook'],
      ['a name that resolves to a private address', 'https://hooks.internal-erp.example/hook'],
    ])('refuses %s', async (_, url) => {
      const response = await call('POST', '/endpoints', { body: { url, eventTypes: ['file.arrived'] } });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toEqual([
        expect.objectContaining({
          field: 'body.url',
          code: 'invalidValue',
          params: { reason: 'blockedAddress' },
        }),
      ]);
    });

    it('refuses loopback over http unless the installation allows it, and a name that does not resolve', async () => {
      const http = await call('POST', '/endpoints', {
        body: { url: 'http://127.0.0.1:9/hook', eventTypes: ['file.arrived'] },
      });
      expect(http.json().errors[0]).toMatchObject({ params: { reason: 'notHttps' } });
      const nowhere = await call('POST', '/endpoints', {
        body: { url: 'https://hooks.nowhere.invalid/hook', eventTypes: ['file.arrived'] },
      });
      expect(nowhere.json().errors[0]).toMatchObject({ params: { reason: 'unresolvable' } });
      const endpoint = (await create()).endpoint;
      const moved = await call('PATCH', `/endpoints/${endpoint.id}`, {
        body: { url: 'https://192.168.0.10/hook' },
      });
      expect(moved.statusCode).toBe(400);
      expect((await call('GET', `/endpoints/${endpoint.id}`)).json().url).toBe(
        'https://hooks.example.com/hub',
      );
    });
  });

  it('shows the secret once, lists and changes endpoints, and audits every change without the secret', async () => {
    const created = await create({
      description: 'ERP production',
      eventTypes: ['file.arrived', 'alert.raised'],
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.endpoint).toMatchObject({
      enabled: true,
      disabledReason: null,
      previousSecretExpiresAt: null,
    });
    const id = created.endpoint.id;
    const list = await call('GET', '/endpoints');
    expect(list.body).not.toContain(created.secret);
    expect(list.json()).toContainEqual(expect.objectContaining({ id, description: 'ERP production' }));
    expect((await call('GET', `/endpoints/${id}`)).body).not.toContain('whsec_');

    const off = await call('PATCH', `/endpoints/${id}`, {
      body: { enabled: false, eventTypes: ['report.ready'] },
    });
    expect(off.json()).toMatchObject({
      enabled: false,
      disabledReason: 'manual',
      eventTypes: ['report.ready'],
    });
    const on = await call('PATCH', `/endpoints/${id}`, { body: { enabled: true, description: 'ERP' } });
    expect(on.json()).toMatchObject({
      enabled: true,
      disabledReason: null,
      disabledAt: null,
      description: 'ERP',
    });
    const rotated = await call('POST', `/endpoints/${id}/rotate-secret`, { body: {} });
    expect(rotated.statusCode).toBe(200);
    const secret = rotated.json<{ secret: string }>().secret;
    expect(secret).not.toBe(created.secret);
    expect((await call('GET', `/endpoints/${id}`)).json().previousSecretExpiresAt).toEqual(
      expect.any(String),
    );
    expect((await call('DELETE', `/endpoints/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `/endpoints/${id}`)).statusCode).toBe(404);

    const audit = await sql<{ action: string; customer_id: number; after: unknown; before: unknown }>(
      "SELECT action, customer_id, after, before FROM audit_log WHERE entity_id = $1 AND entity_type = 'webhookEndpoint' ORDER BY id",
      [id],
    );
    expect(audit.map((a) => a.action)).toEqual([
      'webhookEndpoint.create',
      'webhookEndpoint.update',
      'webhookEndpoint.update',
      'webhookEndpoint.rotateSecret',
      'webhookEndpoint.delete',
    ]);
    expect(audit.every((a) => a.customer_id === malardalen)).toBe(true);
    expect(JSON.stringify(audit)).not.toContain('whsec_');
  });

  it('lets provider administrators manage an account they hold', async () => {
    const created = await create({}, sfadmin, gota);
    expect((await call('GET', '/endpoints', { token: sfadmin, account: gota })).json()).toContainEqual(
      expect.objectContaining({ id: created.endpoint.id }),
    );
  });

  it('filters the delivery log, newest first, with each attempt', async () => {
    const a = (await create({ url: 'https://hooks.example.com/a' })).endpoint.id;
    const b = (await create({ url: 'https://hooks.example.com/b' })).endpoint.id;
    const old = await logged(a, malardalen, 'succeeded', '2026-03-01T10:00:00Z');
    const failedA = await logged(a, malardalen, 'failed', '2026-03-02T10:00:00Z', 'document.rejected');
    const failingB = await logged(b, malardalen, 'failing', '2026-03-03T10:00:00Z');
    const page = async (query: string) => {
      const response = await call('GET', '/deliveries', {
        query: `&from=2026-03-01T00:00:00Z&to=2026-03-04T00:00:00Z${query}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TListWebhookDeliveriesResponse>();
    };
    const all = await page('');
    expect(all.result.map((d) => d.id)).toEqual([failingB, failedA, old]);
    expect(all.result[1]).toMatchObject({
      endpointId: a,
      endpointUrl: 'https://hooks.example.com/a',
      eventType: 'document.rejected',
      state: 'failed',
      attempts: [
        {
          trigger: 'event',
          httpStatus: 500,
          latencyMs: 41,
          responseExcerpt: 'boom',
          error: null,
          succeeded: false,
        },
      ],
    });
    expect((await page(`&endpointId=${a}`)).result.map((d) => d.id)).toEqual([failedA, old]);
    expect((await page('&eventType=document.rejected')).result.map((d) => d.id)).toEqual([failedA]);
    expect((await page('&state=failing')).result.map((d) => d.id)).toEqual([failingB]);
    expect((await page('&pageSize=10&page=1')).totalCount).toBe(3);
    const narrow = await call('GET', '/deliveries', {
      query: '&from=2026-03-02T00:00:00Z&to=2026-03-03T00:00:00Z',
    });
    expect(narrow.json().result.map((d: { id: string }) => d.id)).toEqual([failedA]);

    // Replay all failed and failing of a range: the succeeded one stays, the others wait to go again.
    const replayed = await call('POST', '/deliveries/replay-failed', {
      body: { from: '2026-03-01T00:00:00Z', to: '2026-03-04T00:00:00Z' },
    });
    expect(replayed.statusCode).toBe(202);
    expect(replayed.json()).toEqual({ replayed: 2, remaining: 0 });
    expect((await page('')).result.map((d) => d.state)).toEqual(['pending', 'pending', 'succeeded']);
    const one = await call('POST', `/deliveries/${old}/replay`);
    expect(one.statusCode).toBe(202);
    expect(one.json()).toMatchObject({ id: old, state: 'pending' });
  });

  it('replays at most 1000 failed deliveries per call and says how many are left', async () => {
    const endpoint = (await create({ url: 'https://hooks.example.com/many' })).endpoint.id;
    await sql(
      `INSERT INTO webhook_deliveries (id, endpoint_id, customer_id, event_type, test_payload, state, created)
       SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), $1, $2, 'file.arrived', '{}', 'failed',
              '2026-04-01T00:00:00Z'::timestamptz + n * interval '1 second'
         FROM generate_series(1, ${MAX_WEBHOOK_REPLAY + 5}) n`,
      [endpoint, malardalen],
    );
    const range = { from: '2026-04-01T00:00:00Z', to: '2026-04-02T00:00:00Z', endpointId: endpoint };
    expect((await call('POST', '/deliveries/replay-failed', { body: range })).json()).toEqual({
      replayed: 1000,
      remaining: 5,
    });
    expect((await call('POST', '/deliveries/replay-failed', { body: range })).json()).toEqual({
      replayed: 5,
      remaining: 0,
    });
  });

  it('refuses to replay a delivery of a switched-off endpoint until it is on again', async () => {
    const endpoint = (await create({ url: 'https://hooks.example.com/off' })).endpoint.id;
    const delivery = await logged(endpoint, malardalen, 'failed', new Date().toISOString());
    await call('PATCH', `/endpoints/${endpoint}`, { body: { enabled: false } });
    const refused = await call('POST', `/deliveries/${delivery}/replay`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: 'CONFLICT' });
  });

  it('keeps the log 30 days: the purge removes older events, deliveries and attempts', async () => {
    const endpoint = (await create({ url: 'https://hooks.example.com/old' })).endpoint.id;
    const old = await logged(
      endpoint,
      malardalen,
      'succeeded',
      new Date(Date.now() - 31 * 86_400_000).toISOString(),
    );
    const recent = await logged(
      endpoint,
      malardalen,
      'succeeded',
      new Date(Date.now() - 29 * 86_400_000).toISOString(),
    );
    const deleted = await purgeExpired(ctx.db);
    for (const table of ['webhook_deliveries', 'webhook_attempts', 'hub_events'])
      expect(deleted[table], table).toBeGreaterThanOrEqual(1);
    const attempts = await sql<{ delivery_id: string }>(
      'SELECT delivery_id FROM webhook_attempts WHERE delivery_id = ANY($1)',
      [[old, recent]],
    );
    expect(attempts.map((r) => r.delivery_id)).toEqual([recent]);
    const [oldest] = await sql<{ n: number }>(
      "SELECT count(*)::int AS n FROM hub_events WHERE created < now() - interval '30 days'",
    );
    expect(oldest!.n).toBe(0);
    const left = await sql<{ id: string }>('SELECT id FROM webhook_deliveries WHERE id = ANY($1)', [
      [old, recent],
    ]);
    expect(left.map((r) => r.id)).toEqual([recent]);
  });

  it('caps an account at 20 endpoints', async () => {
    const { rows } = await ctx.db.$client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM webhook_endpoints WHERE customer_id = $1',
      [norrland],
    );
    for (let n = rows[0]!.n; n < 20; n++)
      await create({ url: `https://hooks.example.com/${n}` }, admin, norrland);
    const refused = await call('POST', '/endpoints', {
      account: norrland,
      body: { url: 'https://hooks.example.com/21', eventTypes: ['file.arrived'] },
    });
    expect(refused.statusCode).toBe(409);
  });
});
