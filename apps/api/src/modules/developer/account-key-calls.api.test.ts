import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiKeyScope,
  TCreateAccountApiKeyResponse,
  TListEdiConsignmentsResponse,
  TListTrackingDocumentsResponse,
} from '@service-hub/contracts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createDatabase } from '../../db/client.ts';
import { createTestApp, expectTooManyRequests, type TestContext } from '../../../test/helpers.ts';
import { secretsIn, spanRecorder } from '../../../test/span-recorder.ts';
import { insertEdiConsignment } from '../../../test/edi-fixtures.ts';

/** Every route an account key may call: the track-and-trace and EDI-tracking reads, nothing else. */
const KEY_ROUTES: Record<string, ApiKeyScope> = {
  'GET /api/tracking/stt/files': 'tracking:read',
  'GET /api/tracking/stt/files/:fileId': 'tracking:read',
  'GET /api/tracking/stt/files/export': 'tracking:read',
  'GET /api/tracking/stt/documents': 'tracking:read',
  'GET /api/tracking/stt/documents/:documentId': 'tracking:read',
  'GET /api/tracking/stt/documents/export': 'tracking:read',
  'GET /api/tracking/ets/consignments': 'ediTracking:read',
  'GET /api/tracking/ets/consignments/:consignmentId': 'ediTracking:read',
  'GET /api/tracking/ets/documents': 'ediTracking:read',
  'GET /api/tracking/ets/documents/:documentId/:consignmentId': 'ediTracking:read',
  'GET /api/tracking/ets/messages': 'ediTracking:read',
  'GET /api/tracking/ets/messages/:messageId/:consignmentId': 'ediTracking:read',
};

const MARCH = 'fromDate=2026-03-01&toDate=2026-03-31';

type Response = Awaited<ReturnType<FastifyInstance['inject']>>;

const expectError = (response: Response, status: number, detail?: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({
    status,
    errorCode: expect.any(String),
    requestId: expect.any(String),
    ...(detail ? { detail } : {}),
  });
};

describe('[DEVELOPER] calling the tracking reads with an account API key', () => {
  let ctx: TestContext;
  let admin: string;
  let malardalen: { id: number; number: string };
  let norrland: number;
  let gota: { id: number; number: string };
  let trackingKey: TCreateAccountApiKeyResponse;
  let ediKey: TCreateAccountApiKeyResponse;
  let ingestionKey: string;

  const customer = async (name: string) => {
    const id = await ctx.customerId(name);
    const { rows } = await ctx.db.$client.query<{ customer_number: string }>(
      'SELECT customer_number FROM customers WHERE id = $1',
      [id],
    );
    return { id, number: rows[0]!.customer_number };
  };
  const createKey = async (customerId: number, scopes: ApiKeyScope[], name = scopes.join(' + ')) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/customers/${customerId}/api-keys`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { name, scopes },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TCreateAccountApiKeyResponse>();
  };
  const withKey = (key: string, url: string, more: Partial<InjectOptions> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` }, ...more });
  const withUser = (url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await ctx.tokenFor('admin@example.com');
    // admin@ administers Mälardalen and Norrlandskraft, both with every service; Göta is not theirs.
    malardalen = await customer('Mälardalens Vatten AB');
    norrland = await ctx.customerId('Norrlandskraft Energi AB');
    gota = await customer('Göta Bostäder AB');
    trackingKey = await createKey(malardalen.id, ['tracking:read']);
    ediKey = await createKey(malardalen.id, ['ediTracking:read']);
    const ingestion = await ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/api-keys',
      headers: { authorization: `Bearer ${await ctx.tokenFor('sfadmin@example.com')}` },
      payload: { name: 'Print line', customerIds: [malardalen.id] },
    });
    ingestionKey = ingestion.json<{ key: string }>().key;
    const partner = { name: 'Zeta Partner GmbH', address: 'Hafenstraße 9, 20457 Hamburg' };
    await insertEdiConsignment(ctx.db, {
      consignmentId: 'KEY-MAL-1',
      customerId: malardalen.id,
      direction: 'OUTBOUND',
      status: 'ERROR',
      filename: 'INVOIC_key_malardalen.edi',
      sender: {
        number: malardalen.number,
        name: 'Mälardalens Vatten AB',
        address: 'Vattengatan 1, Västerås',
      },
      receiver: partner,
      receivedAt: '2026-03-10T10:00:00Z',
      messages: [{ messageId: 'KEY-MAL-M1', category: 'invoice', direction: 'OUTBOUND', status: 'ERROR' }],
    });
    await insertEdiConsignment(ctx.db, {
      consignmentId: 'KEY-GOTA-1',
      customerId: gota.id,
      direction: 'OUTBOUND',
      status: 'DELIVERED',
      filename: 'INVOIC_key_gota.edi',
      sender: { number: gota.number, name: 'Göta Bostäder AB', address: 'Fixturegatan 1, Göteborg' },
      receiver: partner,
      receivedAt: '2026-03-11T10:00:00Z',
    });
  });
  afterAll(() => ctx.close());

  it('accepts account keys on exactly the track-and-trace and EDI-tracking lists, details and exports', () => {
    const accepting = Object.fromEntries(
      [...ctx.app.accessRules]
        .filter(
          ([route, access]) => route.startsWith('GET ') && typeof access === 'object' && access.apiKeyScope,
        )
        .map(([route, access]) => [route, typeof access === 'object' ? access.apiKeyScope : undefined]),
    );
    expect(accepting).toEqual(KEY_ROUTES);
    // No other method of any route accepts a key (the HEAD twins of the GETs aside).
    const others = [...ctx.app.accessRules].filter(
      ([route, access]) =>
        typeof access === 'object' &&
        access.apiKeyScope &&
        !route.startsWith('GET ') &&
        !route.startsWith('HEAD '),
    );
    expect(others).toEqual([]);
  });

  it('refuses to start when a write, a route for some roles or a route of another service would accept keys', async () => {
    const db = createDatabase('postgres://unused@127.0.0.1:1/none', { max: 1 });
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', RUN_JOBS: '0' }),
      db,
      logger: false,
    });
    const handler = async () => 'oops';
    expect(() =>
      app.post(
        '/api/test/key-write',
        { config: { access: { account: { requires: 'STT' }, apiKeyScope: 'tracking:read' } } },
        handler,
      ),
    ).toThrow(/only reads may accept account API keys/);
    expect(() =>
      app.get(
        '/api/test/key-admins',
        {
          config: {
            access: { roles: ['SF_ADMIN'], account: { requires: 'STT' }, apiKeyScope: 'tracking:read' },
          },
        },
        handler,
      ),
    ).toThrow(/a route for some roles cannot accept account API keys/);
    expect(() =>
      app.get(
        '/api/test/key-support',
        { config: { access: { account: { requires: 'SUP' }, apiKeyScope: 'tracking:read' } } },
        handler,
      ),
    ).toThrow(/needs account.requires STT/);
    expect(() =>
      app.get('/api/test/key-anywhere', { config: { access: { apiKeyScope: 'ediTracking:read' } } }, handler),
    ).toThrow(/needs account.requires ETS/);
    await app.close();
    await db.$client.end();
  });

  describe('reads of its own account', () => {
    it("answers the account's tracking lists exactly as the web app gets them", async () => {
      for (const list of ['documents', 'files']) {
        const url = `/api/tracking/stt/${list}?activeAccountId=${malardalen.id}&pageSize=50`;
        const byKey = await withKey(trackingKey.key, url);
        expect(byKey.statusCode, byKey.body).toBe(200);
        const page = byKey.json<TListTrackingDocumentsResponse>();
        expect(page.result.length).toBeGreaterThan(0);
        expect(byKey.json()).toEqual((await withUser(url)).json());
      }
    });

    it("answers a document's detail, and the CSV export", async () => {
      const { rows } = await ctx.db.$client.query<{ id: number }>(
        'SELECT id FROM tracking_documents WHERE customer_id = $1 ORDER BY id LIMIT 1',
        [malardalen.id],
      );
      const url = `/api/tracking/stt/documents/${rows[0]!.id}?activeAccountId=${malardalen.id}`;
      const detail = await withKey(trackingKey.key, url);
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json()).toEqual((await withUser(url)).json());
      const csv = await withKey(
        trackingKey.key,
        `/api/tracking/stt/files/export?activeAccountId=${malardalen.id}`,
      );
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body.split('\n').length).toBeGreaterThan(2);
    });

    it("answers another customer's document with the spec's 403, as it does for users", async () => {
      const { rows } = await ctx.db.$client.query<{ id: number }>(
        'SELECT id FROM tracking_documents WHERE customer_id = $1 ORDER BY id LIMIT 1',
        [gota.id],
      );
      expectError(
        await withKey(
          trackingKey.key,
          `/api/tracking/stt/documents/${rows[0]!.id}?activeAccountId=${malardalen.id}`,
        ),
        403,
        'Unauthorized, if ActiveAccounts CustomerNumber not the Sender or Receiver of Entity',
      );
    });

    it("answers the account's EDI consignments and a consignment's detail, never another customer's", async () => {
      const list = await withKey(
        ediKey.key,
        `/api/tracking/ets/consignments?activeAccountId=${malardalen.id}&${MARCH}`,
      );
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json<TListEdiConsignmentsResponse>().result.map((c) => c.consignmentId)).toEqual([
        'KEY-MAL-1',
      ]);
      const messages = await withKey(
        ediKey.key,
        `/api/tracking/ets/messages?activeAccountId=${malardalen.id}&${MARCH}`,
      );
      expect(messages.statusCode).toBe(200);
      expect(messages.body).toContain('KEY-MAL-M1');
      const detail = await withKey(
        ediKey.key,
        `/api/tracking/ets/consignments/KEY-MAL-1?activeAccountId=${malardalen.id}`,
      );
      expect(detail.statusCode, detail.body).toBe(200);
      expectError(
        await withKey(
          ediKey.key,
          `/api/tracking/ets/consignments/KEY-GOTA-1?activeAccountId=${malardalen.id}`,
        ),
        403,
      );
    });

    it('refuses an EDI list that names other accounts in customerIds, even ones its creator holds', async () => {
      for (const ids of [`${norrland}`, `${malardalen.id},${gota.id}`]) {
        expectError(
          await withKey(
            ediKey.key,
            `/api/tracking/ets/consignments?activeAccountId=${malardalen.id}&customerIds=${ids}`,
          ),
          403,
          'You are not authorized for one of these customer accounts.',
        );
      }
      const own = await withKey(
        ediKey.key,
        `/api/tracking/ets/consignments?activeAccountId=${malardalen.id}&customerIds=${malardalen.id}&${MARCH}`,
      );
      expect(own.statusCode, own.body).toBe(200);
    });
  });

  describe('refusals', () => {
    it('refuses the scope the key does not have with 403', async () => {
      expectError(
        await withKey(trackingKey.key, `/api/tracking/ets/consignments?activeAccountId=${malardalen.id}`),
        403,
        'This API key may not read this.',
      );
      expectError(
        await withKey(ediKey.key, `/api/tracking/stt/documents?activeAccountId=${malardalen.id}`),
        403,
        'This API key may not read this.',
      );
    });

    it("refuses another account's activeAccountId with 403, also one the key's creator holds", async () => {
      for (const id of [norrland, gota.id]) {
        expectError(
          await withKey(trackingKey.key, `/api/tracking/stt/documents?activeAccountId=${id}`),
          403,
          'You are not authorized for this customer account.',
        );
      }
    });

    it('refuses every route that is not a track-and-trace or EDI read with 401: writes, user routes, the overview', async () => {
      const refusals: [InjectOptions['method'], string, object?][] = [
        ['GET', '/api/v3/user'],
        ['GET', `/api/tracking/stt/overview?activeAccountId=${malardalen.id}`],
        ['GET', `/api/customers/${malardalen.id}/api-keys`],
        [
          'POST',
          `/api/customers/${malardalen.id}/api-keys`,
          { name: 'Self-made', scopes: ['tracking:read'] },
        ],
        ['DELETE', `/api/customers/${malardalen.id}/api-keys/${ediKey.id}`],
        [
          'POST',
          `/api/reports?activeAccountId=${malardalen.id}`,
          { level: 'file', from: '2026-11-01', to: '2026-11-15' },
        ],
        ['GET', `/api/saved-views?activeAccountId=${malardalen.id}&list=tracking.files`],
      ];
      for (const [method, url, payload] of refusals) {
        const response = await withKey(trackingKey.key, url, { method, ...(payload ? { payload } : {}) });
        expectError(response, 401, 'This endpoint does not accept API keys.');
        // Refused before the key is looked at: no budget is spent or told.
        expect(response.headers['ratelimit-limit']).toBeUndefined();
      }
      const { rows } = await ctx.db.$client.query(
        "SELECT 1 FROM account_api_keys WHERE name = 'Self-made' OR (id = $1 AND revoked_at IS NOT NULL)",
        [ediKey.id],
      );
      expect(rows).toEqual([]);
    });

    it('refuses unknown and revoked keys with 401', async () => {
      const url = `/api/tracking/stt/documents?activeAccountId=${malardalen.id}`;
      const doomed = await createKey(malardalen.id, ['tracking:read'], 'Doomed');
      expect((await withKey(doomed.key, url)).statusCode).toBe(200);
      const revoked = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/customers/${malardalen.id}/api-keys/${doomed.id}`,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(revoked.statusCode).toBe(204);
      expectError(await withKey(doomed.key, url), 401, 'This API key is not valid.');
      expectError(await withKey(`shr_${'A'.repeat(43)}`, url), 401, 'This API key is not valid.');
      expectError(await withKey(`shr_${'A'.repeat(5000)}`, url), 401, 'This API key is not valid.');
    });

    it('keeps the two kinds of key apart: no ingestion key on a read, no account key on the ingestion API', async () => {
      const read = `/api/tracking/stt/documents?activeAccountId=${malardalen.id}`;
      expectError(await withKey(ingestionKey, read), 401);
      expectError(
        await ctx.app.inject({ method: 'GET', url: read, headers: { 'x-api-key': ingestionKey } }),
        401,
      );
      const ingest = (headers: Record<string, string>) =>
        ctx.app.inject({ method: 'POST', url: '/api/ingest/tracking', headers, payload: { records: [] } });
      expectError(await ingest({ 'x-api-key': trackingKey.key }), 401, 'This API key is not valid.');
      expectError(await ingest({ authorization: `Bearer ${trackingKey.key}` }), 401);
    });

    it('refuses once the account itself no longer holds track and trace, and reads again when it does', async () => {
      const key = await createKey(norrland, ['tracking:read']);
      const url = `/api/tracking/stt/files?activeAccountId=${norrland}`;
      expect((await withKey(key.key, url)).statusCode).toBe(200);
      const { rows: removed } = await ctx.db.$client.query<{ permission_id: number }>(
        `DELETE FROM customer_permissions WHERE customer_id = $1
            AND permission_id IN (SELECT id FROM permissions WHERE prefix = 'STT') RETURNING permission_id`,
        [norrland],
      );
      expect(removed.length).toBeGreaterThan(0);
      expectError(await withKey(key.key, url), 403, 'This customer account does not have this service.');
      await ctx.db.$client.query(
        'INSERT INTO customer_permissions (customer_id, permission_id) SELECT $1, unnest($2::int[])',
        [norrland, removed.map((r) => r.permission_id)],
      );
      expect((await withKey(key.key, url)).statusCode).toBe(200);
    });
  });

  it("marks the request span as an account key's, without the key", async () => {
    const response = await withKey(
      trackingKey.key,
      `/api/tracking/stt/files?activeAccountId=${malardalen.id}`,
    );
    expect(response.statusCode).toBe(200);
    const span = spanRecorder.spans.find(
      (s) => s.attributes['hub.request_id'] === response.headers['x-request-id'],
    );
    expect(span?.attributes['hub.caller.kind']).toBe('account-key');
    expect(JSON.stringify(span?.attributes)).not.toContain(trackingKey.key);
    expect(secretsIn('test', `Bearer ${trackingKey.key}`).map((leak) => leak.shape)).toContain('API key');
  });

  it('records the last use to the minute, and writes it at most once a minute', async () => {
    await ctx.db.$client.query('UPDATE account_api_keys SET last_used_at = NULL WHERE id = $1', [
      trackingKey.id,
    ]);
    expect(
      (await withKey(trackingKey.key, `/api/tracking/stt/files?activeAccountId=${malardalen.id}`)).statusCode,
    ).toBe(200);
    const lastUse = async () =>
      (
        await ctx.db.$client.query<{ last_used_at: Date | null; this_minute: Date }>(
          "SELECT last_used_at, date_trunc('minute', now()) AS this_minute FROM account_api_keys WHERE id = $1",
          [trackingKey.id],
        )
      ).rows[0]!;
    const first = await lastUse();
    expect(first.last_used_at).toBeInstanceOf(Date);
    expect(first.last_used_at!.getUTCSeconds()).toBe(0);
    expect(first.last_used_at!.getTime()).toBeLessThanOrEqual(first.this_minute.getTime());
    // Already recorded for this minute (here: a later one): the next call does not write again.
    await ctx.db.$client.query(
      "UPDATE account_api_keys SET last_used_at = date_trunc('minute', now()) + interval '1 hour' WHERE id = $1",
      [trackingKey.id],
    );
    const marked = (await lastUse()).last_used_at;
    await withKey(trackingKey.key, `/api/tracking/stt/files?activeAccountId=${malardalen.id}`);
    expect((await lastUse()).last_used_at).toEqual(marked);
    const listed = await withUser(`/api/customers/${malardalen.id}/api-keys`);
    expect(
      listed.json<{ id: string; lastUsedAt: string | null }[]>().find((k) => k.id === trackingKey.id)
        ?.lastUsedAt,
    ).toBe(marked!.toISOString());
  });
});

describe('[DEVELOPER] rate limits of an account API key, shared between instances', () => {
  const LIMITS = { RATE_LIMIT_ACCOUNT_KEYS: '4' };
  let ctx: TestContext;
  let second: FastifyInstance;
  let secondDb: ReturnType<typeof createDatabase>;
  let malardalen: number;
  let key: string;
  let admin: string;

  beforeAll(async () => {
    ctx = await createTestApp({ env: LIMITS });
    const url = ctx.db.$client.options.connectionString!;
    secondDb = createDatabase(url, { max: 2 });
    second = await buildApp({
      config: {
        ...ctx.config,
        ...loadConfig({
          ...LIMITS,
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          REPORTS_DIR: ctx.config.storage.reportsDir,
          ATTACHMENTS_DIR: ctx.config.storage.attachmentsDir,
        }),
      },
      db: secondDb,
      logger: false,
    });
    await second.ready();
    admin = await ctx.tokenFor('admin@example.com');
    malardalen = await ctx.customerId('Mälardalens Vatten AB');
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/customers/${malardalen}/api-keys`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { name: 'Busy ERP', scopes: ['tracking:read'] },
    });
    key = created.json<{ key: string }>().key;
  });
  afterAll(async () => {
    await second.close();
    await secondDb.$client.end();
    await ctx.close();
  });

  const call = (app: FastifyInstance, url: string) =>
    app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
  const budget = (response: Response) => ({
    limit: response.headers['ratelimit-limit'],
    remaining: response.headers['ratelimit-remaining'],
  });
  const expectReset = (response: Response) => {
    const reset = Number(response.headers['ratelimit-reset']);
    expect(Number.isInteger(reset)).toBe(true);
    expect(reset).toBeGreaterThanOrEqual(1);
    expect(reset).toBeLessThanOrEqual(60);
  };

  it('tells the budget on every answer, 200, 400 and 403 alike, and refuses past it with 429 and Retry-After', async () => {
    const ok = await call(ctx.app, `/api/tracking/stt/files?activeAccountId=${malardalen}`);
    expect(ok.statusCode).toBe(200);
    expect(budget(ok)).toEqual({ limit: '4', remaining: '3' });
    expectReset(ok);

    // The second instance counts in the same table.
    const invalid = await call(
      second,
      `/api/tracking/stt/documents?activeAccountId=${malardalen}&fileId=abc`,
    );
    expectError(invalid, 400);
    expect(budget(invalid)).toEqual({ limit: '4', remaining: '2' });
    expectReset(invalid);

    const foreign = await call(
      ctx.app,
      `/api/tracking/stt/files?activeAccountId=${await ctx.customerId('Göta Bostäder AB')}`,
    );
    expectError(foreign, 403);
    expect(budget(foreign)).toEqual({ limit: '4', remaining: '1' });

    const notFound = await call(
      second,
      `/api/tracking/stt/documents/999999999999?activeAccountId=${malardalen}`,
    );
    expectError(notFound, 403);
    expect(budget(notFound)).toEqual({ limit: '4', remaining: '0' });

    const refused = await call(ctx.app, `/api/tracking/stt/files?activeAccountId=${malardalen}`);
    const retryAfter = expectTooManyRequests(refused, 'RATE_LIMITED', 60);
    expect(budget(refused)).toEqual({ limit: '4', remaining: '0' });
    expect(Number(refused.headers['ratelimit-reset'])).toBe(retryAfter);
    expect(refused.json().detail).not.toContain(key);

    // The key's budget is its own: the administrator's reads of the same account go on.
    const user = await ctx.app.inject({
      method: 'GET',
      url: `/api/tracking/stt/files?activeAccountId=${malardalen}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(user.statusCode).toBe(200);
    expect(user.headers['ratelimit-limit']).toBeUndefined();

    // A new window starts the budget afresh.
    await ctx.db.$client.query(
      "UPDATE rate_limits SET expires_at = now() - interval '1 second' WHERE key LIKE 'accountKey:%'",
    );
    const again = await call(second, `/api/tracking/stt/files?activeAccountId=${malardalen}`);
    expect(again.statusCode).toBe(200);
    expect(budget(again)).toEqual({ limit: '4', remaining: '3' });
  });
});
