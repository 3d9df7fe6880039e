import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  HUB_EVENT_DATA,
  HUB_EVENT_TYPES,
  type HubEventType,
  type TCreateWebhookEndpointResponse,
  type TListWebhookDeliveriesResponse,
} from '@service-hub/contracts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { reportsClient } from '../../../test/reports.ts';
import { createDatabase, type Database } from '../../db/client.ts';
import {
  startWebhookDispatcher,
  type WebhookDispatcher,
  type WebhookDispatcherOptions,
} from '../../jobs/webhook-dispatcher.ts';
import { inTransaction } from '../../lib/audit.ts';
import { raiseAlert, resolveAlert } from '../alerts/alerts.repository.ts';
import { systemResolver } from './webhook-address-policy.ts';
import { fanOutEvents, releaseDeliveries } from './webhook-deliveries.repository.ts';
import { purgeWebhookHistory } from './webhook-retention.ts';
import { startTestReceiver, type TestReceiver } from '../../../test/webhook-receiver.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('[WEBHOOKS] fan-out and delivery', () => {
  let ctx: TestContext;
  let receiver: TestReceiver;
  let admin: string;
  let sfadmin: string;
  let user: string;
  let malardalen: { id: number; number: string };
  let gota: { id: number; number: string };
  let ingestKey: string;
  const dispatchers: WebhookDispatcher[] = [];
  const pools: Database[] = [];

  const customer = async (name: string) => {
    const id = await ctx.customerId(name);
    const { rows } = await ctx.db.$client.query<{ customer_number: string }>(
      'SELECT customer_number FROM customers WHERE id = $1',
      [id],
    );
    return { id, number: rows[0]!.customer_number };
  };

  /** A dispatcher as a worker runs it, with short waits so retries come within the test. */
  const dispatcher = async (options: Partial<WebhookDispatcherOptions> = {}) => {
    const started = await startWebhookDispatcher({
      db: ctx.db,
      log: silent,
      policy: { allowLoopback: true, resolve: systemResolver },
      publicUrl: 'http://hub.test',
      deliverEmails: async () => undefined,
      pollMs: 50,
      timeoutMs: 3000,
      retry: { baseMs: 100, maxMs: 400, windowMs: 60_000 },
      ...options,
    });
    dispatchers.push(started);
    return started;
  };

  const register = async (
    token: string,
    accountId: number,
    path: string,
    eventTypes: readonly HubEventType[] = HUB_EVENT_TYPES,
  ) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/webhooks/endpoints?activeAccountId=${accountId}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { url: `${receiver.base}${path}`, description: path, eventTypes },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<TCreateWebhookEndpointResponse>();
    receiver.setSecrets(path, created.secret);
    return created;
  };

  const ingest = async (records: unknown[]) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/tracking',
      headers: { 'x-api-key': ingestKey },
      payload: { records },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ rejected: 0 });
  };

  const deliveriesOf = async (accountId: number, query = '') => {
    const response = await ctx.app.inject({
      url: `/api/webhooks/deliveries?activeAccountId=${accountId}&pageSize=100${query}`,
      headers: { authorization: `Bearer ${accountId === gota.id ? sfadmin : admin}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TListWebhookDeliveriesResponse>();
  };

  /**
   * The log once the attempts the receiver saw are recorded too (the dispatcher records an attempt
   * after its answer, so a moment after the receiver has it).
   */
  const settledLog = async (accountId: number, query = '') => {
    await expect
      .poll(
        async () =>
          (
            await sql<{ n: number }>(
              'SELECT count(*)::int AS n FROM webhook_deliveries WHERE locked_until IS NOT NULL',
            )
          )[0]!.n,
        {
          timeout: 10_000,
        },
      )
      .toBe(0);
    return deliveriesOf(accountId, query);
  };

  const sql = <T extends object>(text: string, values: unknown[] = []) =>
    ctx.db.$client.query<T>(text, values).then((r) => r.rows);

  beforeAll(async () => {
    ctx = await createTestApp({ env: { WEBHOOKS_ALLOW_LOOPBACK: '1' } });
    receiver = await startTestReceiver();
    admin = await ctx.tokenFor('admin@example.com');
    sfadmin = await ctx.tokenFor('sfadmin@example.com');
    user = await ctx.tokenFor('user@example.com');
    malardalen = await customer('Mälardalens Vatten AB');
    gota = await customer('Göta Bostäder AB');
    const key = await ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/api-keys',
      headers: { authorization: `Bearer ${sfadmin}` },
      payload: { name: 'Webhook tests', customerIds: [malardalen.id, gota.id] },
    });
    ingestKey = key.json<{ key: string }>().key;
    // The demo data's endpoints and log (this file's own copy of the database) are not the tests'.
    await sql('DELETE FROM webhook_endpoints');
  });
  afterEach(async () => {
    await Promise.all(dispatchers.splice(0).map((d) => d.stop()));
    // Each test starts from an empty outbox and log of its own.
    await sql('UPDATE hub_events SET fanned_out_at = now() WHERE fanned_out_at IS NULL');
    await sql('DELETE FROM webhook_endpoints');
    receiver.received.splice(0);
    receiver.arrivals.splice(0);
  });
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.$client.end()));
    await receiver.close();
    await ctx.close();
  });

  describe('every event type reaches the subscribed endpoints of its own account only', () => {
    const file = (fileRef: string) => ({
      type: 'file',
      eventId: `${fileRef}-file`,
      customerNumber: malardalen.number,
      fileRef,
      filename: `${fileRef}.xml`,
      arrivedAt: '2026-11-19T08:00:00Z',
      deliveryMode: 'B-economy',
      sender: {
        name: 'Mälardalens Vatten AB',
        postalCode: '721 30',
        postOffice: 'Västerås',
        countryCode: 'SE',
      },
    });
    const document = (fileRef: string, externalDocumentId: string) => ({
      type: 'document',
      eventId: `${externalDocumentId}-doc`,
      customerNumber: malardalen.number,
      fileRef,
      externalDocumentId,
      recipientName: 'Karin Ek',
    });
    const delivery = (externalDocumentId: string, status: string) => ({
      type: 'delivery',
      eventId: `${externalDocumentId}-${status}`,
      customerNumber: malardalen.number,
      externalDocumentId,
      deliveryDocumentId: `${externalDocumentId}-email`,
      channel: 'email',
      status,
      occurredAt: '2026-11-19T09:00:00Z',
      ...(status === 'rejected' ? { rejectionReason: 'Mailbox full' } : {}),
    });
    const consignment = (consignmentId: string) => ({
      type: 'ediConsignment',
      eventId: `${consignmentId}-c`,
      customerNumber: malardalen.number,
      consignmentId,
      direction: 'OUTBOUND',
      filename: `INVOIC_${consignmentId}.edi`,
      sender: {
        customerNumber: malardalen.number,
        name: 'Mälardalens Vatten AB',
        address: 'Box 1, Västerås',
      },
      receiver: { name: 'Zeta Partner GmbH', address: 'Hafenstraße 9, Hamburg' },
      receivedAt: '2026-11-19T08:00:00Z',
    });

    /** What makes each type happen in Mälardalen: ingestion, an alert, a report. */
    const cause: Record<HubEventType, (tag: string) => Promise<void>> = {
      'file.arrived': (tag) => ingest([file(`WH-${tag}`)]),
      'document.status_changed': (tag) =>
        ingest([
          file(`WH-${tag}`),
          document(`WH-${tag}`, `WH-${tag}-D`),
          delivery(`WH-${tag}-D`, 'delivered'),
        ]),
      'document.delivered': (tag) =>
        ingest([
          file(`WH-${tag}`),
          document(`WH-${tag}`, `WH-${tag}-D`),
          delivery(`WH-${tag}-D`, 'delivered'),
        ]),
      'document.rejected': (tag) =>
        ingest([
          file(`WH-${tag}`),
          document(`WH-${tag}`, `WH-${tag}-D`),
          delivery(`WH-${tag}-D`, 'rejected'),
        ]),
      'edi_message.status_changed': (tag) =>
        ingest([
          consignment(`WH-${tag}`),
          {
            type: 'ediMessage',
            eventId: `WH-${tag}-m`,
            customerNumber: malardalen.number,
            consignmentId: `WH-${tag}`,
            messageId: `WH-${tag}-M`,
            category: 'invoice',
            messageType: 'INVOIC',
            direction: 'OUTBOUND',
            sizeBytes: 100,
          },
          {
            type: 'ediStatusEvent',
            eventId: `WH-${tag}-s`,
            customerNumber: malardalen.number,
            consignmentId: `WH-${tag}`,
            messageId: `WH-${tag}-M`,
            status: 'DELIVERED',
            occurredAt: '2026-11-19T08:05:00Z',
          },
        ]),
      'alert.raised': (tag) =>
        inTransaction(ctx.db.$client, async (client) => {
          await raiseAlert(client, {
            customerId: malardalen.id,
            kind: 'missingFile',
            subjectKey: `webhook-test:${tag}`,
            details: { pattern: 'INV_*.xml' },
          });
        }),
      'alert.resolved': (tag) =>
        inTransaction(ctx.db.$client, async (client) => {
          await raiseAlert(client, {
            customerId: malardalen.id,
            kind: 'missingFile',
            subjectKey: `webhook-test:${tag}`,
            details: { pattern: 'INV_*.xml' },
          });
          await resolveAlert(client, {
            customerId: malardalen.id,
            subjectKey: `webhook-test:${tag}`,
            resolution: { reason: 'arrivedLate', lateMinutes: 12 },
          });
        }),
      'report.ready': async () => {
        const reports = reportsClient(ctx.app, user, malardalen.id);
        const requested = await reports.request({ level: 'file', from: '2026-11-01', to: '2026-11-20' });
        expect(requested.statusCode, requested.body).toBe(202);
        expect((await reports.settled(requested.json<{ id: string }>().id)).status).toBe('ready');
      },
    };

    it.each(HUB_EVENT_TYPES.map((type) => [type]))('%s', async (type) => {
      const own = await register(admin, malardalen.id, `/own-${type}`, [type]);
      const allTypes = await register(admin, malardalen.id, `/own-all-${type}`);
      const others = HUB_EVENT_TYPES.filter((t) => t !== type);
      await register(admin, malardalen.id, `/own-others-${type}`, others);
      await register(sfadmin, gota.id, `/other-account-${type}`);
      await dispatcher();
      await cause[type](type.replace(/\W/g, ''));
      await receiver.until(
        () =>
          [`/own-${type}`, `/own-all-${type}`].every((path) =>
            receiver.received.some((r) => r.path === path && r.payload.type === type),
          ),
        `${type} at both its endpoints`,
      );
      const ofType = receiver.received.filter((r) => r.payload.type === type);
      expect(new Set(ofType.map((r) => r.path))).toEqual(new Set([`/own-${type}`, `/own-all-${type}`]));
      // One statement fans an event out to every endpoint it goes to: these two were all there were.
      const { rows: fannedOut } = await ctx.db.$client.query<{ description: string }>(
        `SELECT e.description FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
          WHERE d.event_type = $1 AND e.description LIKE '%-' || $1`,
        [type],
      );
      expect(new Set(fannedOut.map((row) => row.description))).toEqual(
        new Set([`/own-${type}`, `/own-all-${type}`]),
      );
      for (const delivery of receiver.received) {
        // Signed for that endpoint (verified by the package), for the account that owns it.
        expect(delivery.verifiedWith).toHaveLength(1);
        expect(delivery.payload.account).toEqual({ id: malardalen.id, customerNumber: malardalen.number });
        expect(delivery.path).not.toBe(`/other-account-${type}`);
        expect(delivery.path === `/own-others-${type}` && delivery.payload.type === type).toBe(false);
      }
      const [first] = ofType;
      expect(first!.headers).toMatchObject({
        'content-type': 'application/json',
        'user-agent': expect.stringMatching(/^ServiceHub-Webhooks\//),
        'webhook-id': expect.stringMatching(/^msg_[0-9a-f]{32}$/),
        'webhook-timestamp': expect.stringMatching(/^\d{10}$/),
      });
      expect(first!.payload).toMatchObject({
        type,
        version: 1,
        sequence: expect.any(Number),
        timestamp: expect.any(String),
      });
      // The data is exactly the contract's for the type.
      expect(HUB_EVENT_DATA[type].strict().safeParse(first!.payload.data).success).toBe(true);
      // The log shows the delivery as succeeded, with its attempt.
      const log = await settledLog(malardalen.id, `&endpointId=${own.endpoint.id}&eventType=${type}`);
      expect(log.result[0]).toMatchObject({
        id: first!.path === `/own-${type}` ? first!.id : expect.any(String),
        state: 'succeeded',
        attempts: [
          expect.objectContaining({ trigger: 'event', httpStatus: 200, succeeded: true, error: null }),
        ],
      });
      expect(allTypes.endpoint.eventTypes).toHaveLength(HUB_EVENT_TYPES.length);
      // Nothing was ever created for the other account.
      expect((await deliveriesOf(gota.id)).totalCount).toBe(0);
    });
  });

  it('signs with both secrets during a rotation overlap, and with the new one alone after a rotation without one', async () => {
    const created = await register(admin, malardalen.id, '/rotating', ['file.arrived']);
    await dispatcher();
    const rotate = async (overlapHours: number) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/webhooks/endpoints/${created.endpoint.id}/rotate-secret?activeAccountId=${malardalen.id}`,
        headers: { authorization: `Bearer ${admin}` },
        payload: { overlapHours },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ secret: string; endpoint: { previousSecretExpiresAt: string | null } }>();
    };
    const first = created.secret;
    const second = await rotate(24);
    expect(second.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Date.parse(second.endpoint.previousSecretExpiresAt!) - Date.now()).toBeGreaterThan(23 * 3600_000);
    receiver.setSecrets('/rotating', first, second.secret);
    await ingest([{ ...fileRecord('ROT-1') }]);
    await receiver.until(() => receiver.received.length === 1, 'the delivery during the overlap');
    expect(receiver.received[0]!.verifiedWith).toEqual([first, second.secret]);
    expect(String(receiver.received[0]!.headers['webhook-signature']).split(' ')).toHaveLength(2);

    const third = await rotate(0);
    expect(third.endpoint.previousSecretExpiresAt).toBeNull();
    receiver.setSecrets('/rotating', first, second.secret, third.secret);
    await ingest([{ ...fileRecord('ROT-2') }]);
    await receiver.until(() => receiver.received.length === 2, 'the delivery after the overlap');
    expect(receiver.received[1]!.verifiedWith).toEqual([third.secret]);
  });

  const fileRecord = (fileRef: string) => ({
    type: 'file',
    eventId: `${fileRef}-file`,
    customerNumber: malardalen.number,
    fileRef,
    filename: `${fileRef}.xml`,
    arrivedAt: '2026-11-19T08:00:00Z',
    deliveryMode: 'B-economy',
    sender: {
      name: 'Mälardalens Vatten AB',
      postalCode: '721 30',
      postOffice: 'Västerås',
      countryCode: 'SE',
    },
  });

  it('retries a 500 with growing waits, then delivers the same webhook-id once the receiver answers 2xx', async () => {
    receiver.answer('/flaky', { status: 500, body: 'database down' });
    await register(admin, malardalen.id, '/flaky', ['file.arrived']);
    await dispatcher();
    await ingest([fileRecord('RETRY-500')]);
    await receiver.until(
      () => receiver.arrivals.filter((a) => a.path === '/flaky').length >= 3,
      'three attempts',
    );
    receiver.answer('/flaky', { status: 204 });
    await receiver.until(() => receiver.received.length === 1, 'the successful retry');
    await settledLog(malardalen.id);
    const ids = new Set(receiver.arrivals.filter((a) => a.path === '/flaky').map((a) => a.id));
    expect(ids.size).toBe(1);
    expect(receiver.received[0]!.id).toBe([...ids][0]);
    const [delivery] = (await deliveriesOf(malardalen.id)).result;
    expect(delivery!.state).toBe('succeeded');
    const attempts = delivery!.attempts;
    expect(attempts[0]).toMatchObject({
      trigger: 'event',
      httpStatus: 500,
      responseExcerpt: 'database down',
      succeeded: false,
    });
    expect(attempts.slice(1, -1).every((a) => a.trigger === 'retry' && a.httpStatus === 500)).toBe(true);
    expect(attempts.at(-1)).toMatchObject({ trigger: 'retry', httpStatus: 204, succeeded: true });
    // Each wait is at least the schedule's (×3 from 100 ms, at most 400 ms, less 20 % jitter); a busy
    // machine only makes them longer.
    const at = attempts.map((a) => Date.parse(a.at));
    for (let i = 1; i < at.length; i++)
      expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(0.8 * Math.min(100 * 3 ** (i - 1), 400) - 1);
    const [endpoint] = await sql<{ failing_since: Date | null }>(
      'SELECT failing_since FROM webhook_endpoints',
    );
    expect(endpoint!.failing_since).toBeNull();
  });

  it('retries when nobody listens, and delivers once the receiver is up', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const created = await register(admin, malardalen.id, '/later', ['file.arrived']);
    await sql('UPDATE webhook_endpoints SET url = $1 WHERE id = $2', [
      `http://127.0.0.1:${port}/later`,
      created.endpoint.id,
    ]);
    await dispatcher();
    await ingest([fileRecord('RETRY-REFUSED')]);
    const attemptsSoFar = async () =>
      (await sql<{ error: string | null }>('SELECT error FROM webhook_attempts ORDER BY id')).map(
        (a) => a.error,
      );
    await expect.poll(attemptsSoFar, { timeout: 10_000 }).toEqual(['refused', 'refused']);
    const [failing] = await sql<{ state: string; failing_since: Date | null }>(
      'SELECT d.state, e.failing_since FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id',
    );
    expect(failing).toMatchObject({ state: 'failing', failing_since: expect.any(Date) });
    await sql('UPDATE webhook_endpoints SET url = $1 WHERE id = $2', [
      `${receiver.base}/later`,
      created.endpoint.id,
    ]);
    await receiver.until(() => receiver.received.length === 1, 'the delivery after the receiver came up');
    const [delivery] = (await settledLog(malardalen.id)).result;
    expect(delivery).toMatchObject({ state: 'succeeded' });
    expect(delivery!.attempts.map((a) => a.error ?? a.httpStatus).slice(0, 2)).toEqual([
      'refused',
      'refused',
    ]);
  });

  it('holds back the other due deliveries of a receiver that is down, and delivers each once it is up', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const created = await register(admin, malardalen.id, '/down', ['file.arrived']);
    await sql('UPDATE webhook_endpoints SET url = $1 WHERE id = $2', [
      `http://127.0.0.1:${port}/down`,
      created.endpoint.id,
    ]);
    // One at a time, and the first retry far off: what is not attempted was postponed.
    await dispatcher({ concurrency: 1, retry: { baseMs: 60_000, maxMs: 60_000, windowMs: 3600_000 } });
    await ingest(Array.from({ length: 20 }, (_, n) => fileRecord(`DOWN-${n}`)));
    const states = async () =>
      sql<{ attempts: number; next_attempt_at: Date }>(
        'SELECT attempts, next_attempt_at FROM webhook_deliveries WHERE endpoint_id = $1',
        [created.endpoint.id],
      );
    // 3 refusals in a row: the other 17 deliveries wait for the 3rd one's retry, none is tried now.
    await expect
      .poll(
        async () => (await states()).filter((d) => d.next_attempt_at.getTime() > Date.now() + 30_000).length,
        {
          timeout: 10_000,
        },
      )
      .toBe(20);
    const [attempts] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM webhook_attempts');
    expect(attempts!.n).toBeGreaterThanOrEqual(3);
    expect(attempts!.n).toBeLessThan(20);
    // Back up and due: every delivery arrives, each once.
    await sql('UPDATE webhook_endpoints SET url = $1 WHERE id = $2', [
      `${receiver.base}/down`,
      created.endpoint.id,
    ]);
    await sql('UPDATE webhook_deliveries SET next_attempt_at = now() WHERE endpoint_id = $1', [
      created.endpoint.id,
    ]);
    await receiver.until(
      () => receiver.received.length === 20,
      'the 20 deliveries after the receiver came up',
    );
    expect(new Set(receiver.arrivals.map((a) => a.id)).size).toBe(20);
    const log = await settledLog(malardalen.id);
    expect(log.result.map((d) => d.state)).toEqual(Array.from({ length: 20 }, () => 'succeeded'));
  });

  it('never follows a redirect: a 3xx is a failed attempt with its status', async () => {
    receiver.answer('/moved', { status: 301, headers: { location: `${receiver.base}/target` } });
    receiver.setSecrets('/target');
    await register(admin, malardalen.id, '/moved', ['file.arrived']);
    await dispatcher({ retry: { baseMs: 60_000, maxMs: 60_000, windowMs: 3600_000 } });
    await ingest([fileRecord('REDIRECT')]);
    await expect
      .poll(async () => (await deliveriesOf(malardalen.id)).result[0]?.attempts.length ?? 0, {
        timeout: 10_000,
      })
      .toBe(1);
    const [delivery] = (await deliveriesOf(malardalen.id)).result;
    expect(delivery).toMatchObject({
      state: 'failing',
      attempts: [{ httpStatus: 301, succeeded: false, error: null }],
    });
    expect(receiver.arrivals.map((a) => a.path)).toEqual(['/moved']);
  });

  it('refuses at delivery a host that resolves to a private address by then (DNS rebinding)', async () => {
    const created = await register(admin, malardalen.id, '/rebinding', ['file.arrived']);
    // Registered while its name pointed at a public address; now the name points inside.
    await sql('UPDATE webhook_endpoints SET url = $1 WHERE id = $2', [
      'https://hooks.rebinding.example/webhook',
      created.endpoint.id,
    ]);
    const asked: string[] = [];
    await dispatcher({
      policy: {
        allowLoopback: true,
        resolve: async (host) => {
          asked.push(host);
          return [
            { address: '203.0.114.10', family: 4 },
            { address: '10.1.2.3', family: 4 },
          ];
        },
      },
      retry: { baseMs: 60_000, maxMs: 60_000, windowMs: 3600_000 },
    });
    await ingest([fileRecord('REBIND')]);
    await expect
      .poll(async () => (await deliveriesOf(malardalen.id)).result[0]?.attempts[0]?.error, {
        timeout: 10_000,
      })
      .toBe('blockedAddress');
    expect(asked).toContain('hooks.rebinding.example');
    expect(receiver.arrivals).toEqual([]);
  });

  it('sends each attempt once while three dispatchers with pools of their own work at once', async () => {
    await register(admin, malardalen.id, '/busy-a', ['file.arrived', 'document.delivered']);
    await register(admin, malardalen.id, '/busy-b', ['file.arrived']);
    receiver.answer('/busy-a', { holdMs: 20 });
    for (let i = 0; i < 3; i++) {
      const db = createDatabase(ctx.db.$session.connectionString!, { max: 3 });
      pools.push(db);
      await dispatcher({ db, concurrency: 4, perEndpoint: 2 });
    }
    const files = Array.from({ length: 60 }, (_, n) => fileRecord(`BUSY-${n}`));
    await ingest(files.slice(0, 30));
    await ingest(files.slice(30));
    await receiver.until(() => receiver.received.length === 120, '120 deliveries', 30_000);
    await settledLog(malardalen.id);
    const byId = new Map<string, number>();
    for (const arrival of receiver.arrivals) byId.set(arrival.id, (byId.get(arrival.id) ?? 0) + 1);
    expect(byId.size).toBe(120);
    expect([...byId.values()].every((count) => count === 1)).toBe(true);
    const [attempts] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM webhook_attempts');
    expect(attempts!.n).toBe(120);
  });

  it('sends a delivery again after its dispatcher was killed mid-attempt, once the lease ran out', async () => {
    let release: () => void = () => undefined;
    receiver.answer('/slow', { hold: new Promise<void>((resolve) => (release = resolve)) });
    await register(admin, malardalen.id, '/slow', ['file.arrived']);
    const doomed = await dispatcher({ leaseMs: 1500 });
    await ingest([fileRecord('KILLED')]);
    await receiver.until(() => receiver.arrivals.length === 1, 'the first attempt to arrive');
    await doomed.kill();
    dispatchers.splice(dispatchers.indexOf(doomed), 1);
    // The receiver still holds the cut-off request; later ones are answered at once.
    receiver.answer('/slow', { status: 200 });
    release();
    const [leased] = await sql<{ locked_until: Date; attempts: number }>(
      'SELECT locked_until, attempts FROM webhook_deliveries',
    );
    expect(leased).toMatchObject({ attempts: 0 });
    expect(leased!.locked_until.getTime()).toBeGreaterThan(Date.now());
    await dispatcher({ leaseMs: 1500 });
    await receiver.until(() => receiver.received.length >= 1, 'the delivery by the second dispatcher');
    expect(new Set(receiver.arrivals.map((a) => a.id)).size).toBe(1);
    const [delivery] = (await settledLog(malardalen.id)).result;
    expect(delivery).toMatchObject({ state: 'succeeded', attempts: [{ trigger: 'event', httpStatus: 200 }] });
  });

  it('gives back the fanned-out deliveries it holds when it stops, and another dispatcher sends them at once', async () => {
    let release: () => void = () => undefined;
    receiver.answer('/one-at-a-time', { hold: new Promise<void>((resolve) => (release = resolve)) });
    await register(admin, malardalen.id, '/one-at-a-time', ['file.arrived']);
    const first = await dispatcher({ concurrency: 1, perEndpoint: 1 });
    await ingest([fileRecord('HELD-1'), fileRecord('HELD-2'), fileRecord('HELD-3')]);
    await receiver.until(() => receiver.arrivals.length === 1, 'the first attempt to arrive');
    const stopping = first.stop();
    dispatchers.splice(dispatchers.indexOf(first), 1);
    // The two it held are free at once; the one under way stays leased until it is recorded.
    const free = async () =>
      (
        await sql<{ n: number }>(
          'SELECT count(*)::int AS n FROM webhook_deliveries WHERE locked_until IS NULL',
        )
      )[0]!.n;
    for (let i = 0; i < 100 && (await free()) < 2; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await free()).toBe(2);
    receiver.answer('/one-at-a-time', { status: 200 });
    release();
    await stopping;
    // Long before the lease (23 s here) would have run out.
    await dispatcher();
    await receiver.until(() => receiver.received.length === 3, 'all three deliveries', 5000);
    expect(new Set(receiver.arrivals.map((a) => a.id)).size).toBe(3);
    const log = (await settledLog(malardalen.id)).result;
    expect(log.map((delivery) => delivery.state)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  });

  it('gives back a delivery held behind a slow receiver longer than its attempt could still end within the lease; it is sent once', async () => {
    receiver.answer('/slow-queue', { holdMs: 300 });
    await register(admin, malardalen.id, '/slow-queue', ['file.arrived']);
    // Held at most (2000 - 1000) / 2 = 500 ms: the third and fourth are given back and claimed.
    await dispatcher({ concurrency: 1, perEndpoint: 1, timeoutMs: 1000, leaseMs: 2000 });
    await ingest(['Q1', 'Q2', 'Q3', 'Q4', 'Q5'].map((ref) => fileRecord(`SLOW-${ref}`)));
    // Given back: free and never tried (a lease merely run out would keep its time).
    const givenBack = async () =>
      (
        await sql<{ n: number }>(
          "SELECT count(*)::int AS n FROM webhook_deliveries WHERE locked_until IS NULL AND state = 'pending'",
        )
      )[0]!.n;
    let seen = 0;
    for (let i = 0; i < 200 && seen === 0 && receiver.received.length < 5; i++) {
      seen = await givenBack();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(seen).toBeGreaterThan(0);
    await receiver.until(() => receiver.received.length === 5, 'five deliveries');
    await settledLog(malardalen.id);
    const byId = new Map<string, number>();
    for (const arrival of receiver.arrivals) byId.set(arrival.id, (byId.get(arrival.id) ?? 0) + 1);
    expect([...byId.values()]).toEqual([1, 1, 1, 1, 1]);
    const [attempts] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM webhook_attempts');
    expect(attempts!.n).toBe(5);
  });

  it('works off a backlog of due deliveries to one endpoint without waiting for the poll between claims', async () => {
    receiver.answer('/backlog', { holdMs: 30 });
    await register(admin, malardalen.id, '/backlog', ['file.arrived']);
    await ingest(Array.from({ length: 12 }, (_, n) => fileRecord(`BACKLOG-${n}`)));
    // Fanned out and given back, as a stopped dispatcher leaves them: due, and nobody's.
    const { deliveries } = await fanOutEvents(ctx.db.$client, 100, 60_000);
    await releaseDeliveries(ctx.db.$client, deliveries);
    expect(deliveries).toHaveLength(12);
    // Each claim takes at most 2 (the endpoint's slots); the poll would come only after a minute.
    await dispatcher({ perEndpoint: 2, pollMs: 60_000 });
    await receiver.until(() => receiver.received.length === 12, 'all twelve, claim after claim');
    expect(new Set(receiver.arrivals.map((a) => a.id)).size).toBe(12);
  });

  it('records the rest of a batch when an endpoint is deleted and purged while its attempt is under way', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    receiver.answer('/deleted', { hold: held });
    receiver.answer('/kept', { hold: held });
    const deleted = await register(admin, malardalen.id, '/deleted', ['file.arrived']);
    await register(admin, malardalen.id, '/kept', ['file.arrived']);
    await dispatcher();
    await ingest([fileRecord('DELETED-MID-FLIGHT')]);
    await receiver.until(() => receiver.arrivals.length === 2, 'both attempts under way');
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/webhooks/endpoints/${deleted.endpoint.id}?activeAccountId=${malardalen.id}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(removed.statusCode).toBe(204);
    // The purge takes the deleted endpoint's delivery away before its attempt is recorded.
    await purgeWebhookHistory(ctx.db.$client);
    // Both answers come back together, so both attempts are recorded in one batch.
    release();
    const [kept] = (await settledLog(malardalen.id)).result;
    expect(kept).toMatchObject({ state: 'succeeded', attempts: [{ trigger: 'event', httpStatus: 200 }] });
    const [attempts] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM webhook_attempts');
    expect(attempts!.n).toBe(1);
  });

  it('takes a deleted endpoint and its log away at once, sends it nothing more, and purges its log in batches', async () => {
    receiver.answer('/doomed', { status: 500 });
    const doomed = await register(admin, malardalen.id, '/doomed', ['file.arrived']);
    await register(admin, malardalen.id, '/stays', ['file.arrived']);
    await dispatcher();
    await ingest([fileRecord('DOOMED-1'), fileRecord('DOOMED-2')]);
    await receiver.until(
      () =>
        receiver.received.filter((r) => r.path === '/stays').length === 2 &&
        receiver.arrivals.filter((a) => a.path === '/doomed').length >= 4,
      'both delivered to the one, and retried to the other',
    );
    const [failing] = await sql<{ id: string }>(
      'SELECT id FROM webhook_deliveries WHERE endpoint_id = $1 LIMIT 1',
      [doomed.endpoint.id],
    );
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string) =>
      ctx.app.inject({
        method,
        url: `/api/webhooks${url}${url.includes('?') ? '&' : '?'}activeAccountId=${malardalen.id}`,
        headers: { authorization: `Bearer ${admin}` },
      });
    expect((await call('DELETE', `/endpoints/${doomed.endpoint.id}`)).statusCode).toBe(204);

    // Gone for everyone at once: the endpoint, its deliveries, its secrets.
    expect((await call('GET', `/endpoints/${doomed.endpoint.id}`)).statusCode).toBe(404);
    expect((await call('GET', '/endpoints')).json<{ url: string }[]>().map((e) => e.url)).not.toContain(
      `${receiver.base}/doomed`,
    );
    const log = await call('GET', '/deliveries');
    expect(log.json<{ totalCount: number; result: { endpointUrl: string }[] }>()).toMatchObject({
      totalCount: 2,
      result: [{ endpointUrl: `${receiver.base}/stays` }, { endpointUrl: `${receiver.base}/stays` }],
    });
    expect((await call('GET', `/deliveries?endpointId=${doomed.endpoint.id}`)).json()).toMatchObject({
      totalCount: 0,
    });
    expect((await call('POST', `/deliveries/${failing!.id}/replay`)).statusCode).toBe(404);
    expect(await sql('SELECT 1 FROM webhook_secrets WHERE endpoint_id = $1', [doomed.endpoint.id])).toEqual(
      [],
    );

    // Its retries are not sent (an attempt under way at the delete may still land).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const tried = receiver.arrivals.filter((a) => a.path === '/doomed').length;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.arrivals.filter((a) => a.path === '/doomed').length).toBe(tried);

    const purged = await purgeWebhookHistory(ctx.db.$client);
    expect(purged).toMatchObject({ webhook_deliveries: 2, webhook_endpoints: 1 });
    expect(purged.webhook_attempts).toBeGreaterThanOrEqual(4);
    expect(await sql('SELECT 1 FROM webhook_endpoints WHERE id = $1', [doomed.endpoint.id])).toEqual([]);
    expect((await call('GET', '/deliveries')).json()).toMatchObject({ totalCount: 2 });
  });

  it('switches an endpoint off after 3 days of failures and e-mails the account administrators in their language', async () => {
    receiver.answer('/dead', { status: 503 });
    const created = await register(admin, malardalen.id, '/dead', ['file.arrived']);
    await sql("UPDATE users SET language = 'da' WHERE email = 'admin@example.com'");
    await sql(
      "UPDATE webhook_endpoints SET failing_since = now() - interval '3 days 1 minute' WHERE id = $1",
      [created.endpoint.id],
    );
    await dispatcher();
    await ingest([fileRecord('DEAD-1'), fileRecord('DEAD-2')]);
    await expect
      .poll(
        async () => (await sql<{ enabled: boolean }>('SELECT enabled FROM webhook_endpoints'))[0]!.enabled,
        {
          timeout: 10_000,
        },
      )
      .toBe(false);
    const endpoint = await ctx.app.inject({
      url: `/api/webhooks/endpoints/${created.endpoint.id}?activeAccountId=${malardalen.id}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(endpoint.json()).toMatchObject({
      enabled: false,
      disabledReason: 'failing',
      disabledAt: expect.any(String),
    });
    const mail = await ctx.lastMailTo('admin@example.com');
    expect(mail?.subject).toBe(
      'Webhooken for Mälardalens Vatten AB er slået fra efter tre døgn med mislykkede leveringer',
    );
    expect(mail?.text).toContain(`${receiver.base}/dead`);
    expect(mail?.text).toContain(
      `/developer/webhooks/${created.endpoint.id}?activeAccountId=${malardalen.id}`,
    );
    // What still waited is given up, and the log says so.
    await expect
      .poll(async () => (await deliveriesOf(malardalen.id)).result.map((d) => d.state), { timeout: 5000 })
      .toEqual(['failed', 'failed']);
    const [audit] = await sql<{ action: string; customer_id: number }>(
      "SELECT action, customer_id FROM audit_log WHERE entity_id = $1 AND action = 'webhookEndpoint.disabledFailing'",
      [created.endpoint.id],
    );
    expect(audit).toMatchObject({ customer_id: malardalen.id });
    await sql("UPDATE users SET language = 'en-SE' WHERE email = 'admin@example.com'");
  });

  it('sends a test event and a replay with the same webhook-id, and marks their triggers', async () => {
    const created = await register(admin, malardalen.id, '/replayed', ['file.arrived']);
    await dispatcher();
    const test = await ctx.app.inject({
      method: 'POST',
      url: `/api/webhooks/endpoints/${created.endpoint.id}/test?activeAccountId=${malardalen.id}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(test.statusCode, test.body).toBe(202);
    const testId = test.json<{ id: string }>().id;
    await receiver.until(() => receiver.received.some((r) => r.id === testId), 'the test event');
    const received = receiver.received.find((r) => r.id === testId)!;
    expect(received.payload).toMatchObject({
      type: 'webhook.test',
      sequence: 0,
      account: { id: malardalen.id, customerNumber: malardalen.number },
      data: { endpointId: created.endpoint.id },
    });
    expect(received.verifiedWith).toEqual([created.secret]);
    const replay = await ctx.app.inject({
      method: 'POST',
      url: `/api/webhooks/deliveries/${testId}/replay?activeAccountId=${malardalen.id}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(replay.statusCode, replay.body).toBe(202);
    await receiver.until(() => receiver.received.filter((r) => r.id === testId).length === 2, 'the replay');
    const [delivery] = (await settledLog(malardalen.id, '&eventType=webhook.test')).result;
    expect(delivery!.attempts.map((a) => a.trigger)).toEqual(['test', 'replay']);
    const [kept] = await sql<{ test_payload: unknown }>(
      'SELECT test_payload FROM webhook_deliveries WHERE id = $1',
      [testId],
    );
    expect(kept!.test_payload).toEqual(received.payload);
  });

  it('records each outcome in the delivery metric by outcome only', async () => {
    const metrics = await import('../../telemetry/metrics.ts');
    const before = (await metrics.deliveries.get()).values.filter((v) => v.labels.channel === 'webhook');
    await register(admin, malardalen.id, '/counted', ['file.arrived']);
    await dispatcher();
    await ingest([fileRecord('METRIC')]);
    await receiver.until(() => receiver.received.length === 1, 'the counted delivery');
    const after = (await metrics.deliveries.get()).values.filter((v) => v.labels.channel === 'webhook');
    const sent = (values: typeof after) => values.find((v) => v.labels.outcome === 'sent')?.value ?? 0;
    await expect
      .poll(async () =>
        sent((await metrics.deliveries.get()).values.filter((v) => v.labels.channel === 'webhook')),
      )
      .toBe(sent(before) + 1);
    expect(after.every((v) => Object.keys(v.labels).sort().join() === 'channel,outcome')).toBe(true);
  });
});
