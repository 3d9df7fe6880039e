import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_ID_HEADER, ZApiError } from '@service-hub/contracts';
import { sendEmailJob } from '../jobs/send-email.job.ts';
import { Mailer, queueEmail } from '../modules/mail/mail.service.ts';
import { createTestApp, type TestContext } from '../../test/helpers.ts';
import { LiveStream } from '../../test/live-stream.ts';
import { labelValuesOf, spanRecorder } from '../../test/span-recorder.ts';
import errorsPlugin from '../plugins/errors.ts';
import { startMetricsListener } from './metrics-listener.ts';
import { metricsRoutes } from './metrics.routes.ts';

const METRICS_TOKEN = 'metrics-token-for-the-telemetry-test-0123456789';
/** A document id nobody has: the answer does not matter, only how the request is named. */
const DOCUMENT_ID = 987_654_321;

const spansOfTrace = (traceId: string) =>
  spanRecorder.spans.filter((s) => s.spanContext().traceId === traceId);
const requestSpanOf = (requestId: string): ReadableSpan | undefined =>
  spanRecorder.spans.find((s) => s.attributes['hub.request_id'] === requestId);

describe('[OPS][TELEMETRY] traces and metrics', () => {
  let ctx: TestContext;
  let userToken: string;
  let malardalen: number;
  const log: string[] = [];

  beforeAll(async () => {
    ctx = await createTestApp({
      env: { METRICS_TOKEN, LOG_LEVEL: 'info' },
      logStream: { write: (line: string) => void log.push(line) },
    });
    userToken = await ctx.tokenFor('user@example.com');
    malardalen = await ctx.customerId('Mälardalens Vatten AB');
  });
  afterAll(() => ctx.close());

  const getDocument = () =>
    ctx.app.inject({
      url: `/api/tracking/stt/documents/${DOCUMENT_ID}?activeAccountId=${malardalen}`,
      headers: { authorization: `Bearer ${userToken}` },
    });

  describe('/metrics', () => {
    const scrape = (authorization?: string) =>
      ctx.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

    it('refuses callers without the metrics token, or with another, in the error shape', async () => {
      for (const authorization of [undefined, 'Bearer not-the-metrics-token', `Bearer ${userToken}`]) {
        const response = await scrape(authorization);
        expect(response.statusCode, authorization).toBe(401);
        expect(ZApiError.parse(response.json())).toMatchObject({ status: 401, errorCode: 'UNAUTHENTICATED' });
        expect(response.body).not.toContain('http_server_request_duration_seconds');
      }
    });

    it('answers the token with request durations labelled by route pattern, never by the raw path', async () => {
      expect([401, 403, 404]).toContain((await getDocument()).statusCode);
      const response = await scrape(`Bearer ${METRICS_TOKEN}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toMatch(
        /^http_server_request_duration_seconds_count\{method="GET",route="\/api\/tracking\/stt\/documents\/:documentId",status_code="(401|403|404)"\} [1-9]/m,
      );
      // The sign-in above, by its route too; the pool and the caller cache are counted.
      expect(response.body).toMatch(/route="\/api\/auth\/login",status_code="200"/);
      expect(response.body).toMatch(/^hub_db_pool_max_connections 5$/m);
      expect(response.body).toMatch(/^hub_principal_cache_lookups_total\{result="(hit|miss|off)"\} [1-9]/m);
      const labels = labelValuesOf(response.body);
      expect(labels.filter((value) => value.includes(String(DOCUMENT_ID)))).toEqual([]);
      expect(labels.filter((value) => value.includes('?') || value.includes('@'))).toEqual([]);
    });

    it('labels a request no route answers `unmatched`, not with its address', async () => {
      const missing = await ctx.app.inject({ url: '/api/no-such-thing/12345?email=someone@example.com' });
      expect(missing.statusCode).toBe(404);
      const body = (await scrape(`Bearer ${METRICS_TOKEN}`)).body;
      expect(body).toMatch(/route="unmatched",status_code="404"/);
      expect(body).not.toContain('no-such-thing');
    });

    it('does not exist on the main port without METRICS_TOKEN', async () => {
      // The app registers the route so (app.ts); a bare server saves cloning a second database.
      const plain = Fastify({ logger: false });
      await plain.register(errorsPlugin);
      await plain.register(metricsRoutes, { token: undefined, requireToken: true });
      const response = await plain.inject({ url: '/metrics' });
      expect(response.statusCode).toBe(404);
      expect(ZApiError.parse(response.json())).toMatchObject({ status: 404, errorCode: 'NOT_FOUND' });
      await plain.close();
    });

    it('is served on a listener of its own, with the token when one is set', async () => {
      const listener = await startMetricsListener({ port: 0, host: '127.0.0.1', token: METRICS_TOKEN });
      try {
        const address = listener.server.address();
        const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
        const refused = await fetch(`${url}/metrics`);
        expect(refused.status).toBe(401);
        expect(ZApiError.parse(await refused.json())).toMatchObject({ errorCode: 'UNAUTHENTICATED' });
        const answered = await fetch(`${url}/metrics`, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        });
        expect(answered.status).toBe(200);
        expect(await answered.text()).toContain('# TYPE hub_job_duration_seconds histogram');
        expect((await fetch(`${url}/api/health`)).status).toBe(404);
      } finally {
        await listener.close();
      }
    });
  });

  describe('deliveries and streams', () => {
    const scrapeText = async () =>
      (await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;

    it('counts a failed e-mail delivery by channel and outcome, without the address', async () => {
      const address = 'metrics.recipient@example.com';
      const client = await ctx.db.$client.connect();
      const outboxId = await queueEmail(client, address, {
        subject: 'S',
        text: 'T',
        html: '<p>T</p>',
      }).finally(() => client.release());
      // Nothing listens on port 1: the SMTP connection is refused.
      const mailer = new Mailer(ctx.db, 'smtp://127.0.0.1:1', 'Hub <hub@example.com>');
      await expect(mailer.deliver(outboxId)).rejects.toThrow();
      const body = await scrapeText();
      expect(body).toMatch(/^hub_deliveries_total\{channel="email",outcome="failed"\} [1-9]/m);
      expect(body).not.toContain(address);
    });

    it('counts the notification streams open on this instance', async () => {
      const baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const stream = await LiveStream.open(baseUrl, userToken);
      expect(await scrapeText()).toMatch(/^hub_sse_connections 1$/m);
      await stream.close();
      await expect.poll(scrapeText, { timeout: 10_000 }).toMatch(/^hub_sse_connections 0$/m);
    });
  });

  describe('spans', () => {
    it('names a request span by its route, with the caller kind and request id, and SQL spans without values', async () => {
      const response = await getDocument();
      const requestId = String(response.headers[REQUEST_ID_HEADER]);
      const span = requestSpanOf(requestId);
      expect(span?.name).toBe('GET /api/tracking/stt/documents/:documentId');
      expect(span?.attributes).toMatchObject({
        'http.route': '/api/tracking/stt/documents/:documentId',
        'url.path': '/api/tracking/stt/documents/:documentId',
        'hub.caller.kind': 'user',
        'hub.request_id': requestId,
        'http.response.status_code': response.statusCode,
      });
      const trace = spansOfTrace(span!.spanContext().traceId);
      const statements = trace
        .map((s) => s.attributes['db.statement'] ?? s.attributes['db.query.text'])
        .filter((text) => typeof text === 'string');
      expect(statements.length).toBeGreaterThan(0);
      // Parameters stay parameters: the id in the path is in no statement of the trace.
      expect(statements.some((text) => text.includes('$1'))).toBe(true);
      expect(statements.filter((text) => text.includes(String(DOCUMENT_ID)))).toEqual([]);
      expect(JSON.stringify(trace.map((s) => s.attributes))).not.toContain(userToken);
    });

    it('makes no trace of probes and scrapes, which still count in the histogram', async () => {
      const probe = await ctx.app.inject({ url: '/api/health' });
      expect(probe.statusCode).toBe(200);
      expect(requestSpanOf(String(probe.headers[REQUEST_ID_HEADER]))).toBeUndefined();
      const metrics = await ctx.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(metrics.body).toMatch(/route="\/api\/health",status_code="200"\} [1-9]/);
    });

    it('marks anonymous and API-key callers', async () => {
      const anonymous = await ctx.app.inject({ url: '/api/config' });
      expect(requestSpanOf(String(anonymous.headers[REQUEST_ID_HEADER]))?.attributes['hub.caller.kind']).toBe(
        'anonymous',
      );
      const admin = await ctx.tokenFor('sfadmin@example.com');
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/ingest/api-keys',
        headers: { authorization: `Bearer ${admin}` },
        payload: { name: 'Telemetry test', customerIds: [malardalen] },
      });
      expect(created.statusCode, created.body).toBe(201);
      const machine = await ctx.app.inject({
        method: 'POST',
        url: '/api/ingest/tracking',
        headers: { 'x-api-key': created.json<{ key: string }>().key },
        payload: { records: [] },
      });
      const span = requestSpanOf(String(machine.headers[REQUEST_ID_HEADER]));
      expect(span?.name).toBe('POST /api/ingest/tracking');
      expect(span?.attributes['hub.caller.kind']).toBe('api-key');
    });

    it('puts the trace id in the log lines of a request, next to the request id of its answer', async () => {
      log.length = 0;
      const response = await getDocument();
      const requestId = String(response.headers[REQUEST_ID_HEADER]);
      const traceId = requestSpanOf(requestId)!.spanContext().traceId;
      const lines = log.map((line) => JSON.parse(line) as { requestId?: string; traceId?: string });
      const ofRequest = lines.filter((line) => line.requestId === requestId);
      expect(ofRequest.length).toBeGreaterThan(0);
      expect(ofRequest.filter((line) => line.traceId === traceId).length).toBeGreaterThan(0);
      expect(ofRequest.filter((line) => line.traceId !== undefined && line.traceId !== traceId)).toEqual([]);
    });

    it('runs each job in a span named by its queue, with its outcome, and counts it', async () => {
      await ctx.app.enqueueJob(sendEmailJob, { outboxId: 1 });
      ctx.app.wakeWorkers(sendEmailJob);
      await expect
        .poll(() => spanRecorder.spans.find((s) => s.name === `job ${sendEmailJob.name}`), {
          timeout: 15_000,
        })
        .toBeDefined();
      const span = spanRecorder.spans.find((s) => s.name === `job ${sendEmailJob.name}`)!;
      expect(span.attributes).toMatchObject({
        'messaging.destination.name': sendEmailJob.name,
        'hub.job.outcome': 'completed',
      });
      const metrics = await ctx.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(metrics.body).toMatch(
        /^hub_job_duration_seconds_count\{queue="send-email\.v1",outcome="completed"\} [1-9]/m,
      );
      expect(metrics.body).toMatch(/^hub_job_queue_ready\{queue="send-email\.v1"\} \d+/m);
    });
  });
});
