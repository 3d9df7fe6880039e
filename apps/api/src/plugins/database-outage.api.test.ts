import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDatabase, type Database } from '../db/client.ts';
import { DEMO_PASSWORD } from '../seed/demo-accounts.ts';
import { createTestDatabase } from '../../test/helpers.ts';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.ts';

/**
 * PostgreSQL going away while the API runs: a restart (connections dropped, new ones refused)
 * and a dropped network (connections accepted, never answered). The pool reaches the database
 * through a proxy the test cuts.
 */
describe('[SYSTEM] the API when PostgreSQL is unreachable', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: TcpProxy;
  let db: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = await startTcpProxy(database.url);
    db = createDatabase(proxy.url, { max: 5, connectTimeoutMs: 1000, statementTimeoutMs: 1000 });
    app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', RUN_JOBS: '0' }), db, logger: false });
    app.get('/api/test/slow-query', { config: { access: 'public' }, schema: { hide: true } }, async () => {
      await db.$client.query('SELECT pg_sleep(10)');
      return { finished: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.$client.end();
    await proxy.close();
    await database.drop();
  });

  const signIn = () =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'user@example.com', password: DEMO_PASSWORD },
    });

  const expectUnavailable = (response: Awaited<ReturnType<typeof signIn>>) => {
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      status: 503,
      title: 'Service Unavailable',
      detail: 'The service is briefly unavailable. Please try again in a moment.',
      errorCode: 'SERVICE_UNAVAILABLE',
      referenceCode: response.headers['x-request-id'],
      requestId: response.headers['x-request-id'],
    });
  };

  it('answers 503 in the error shape while PostgreSQL restarts, and recovers by itself', async () => {
    const before = await signIn();
    expect(before.statusCode).toBe(200);
    const { token } = before.json<{ token: string }>();
    const me = () => app.inject({ url: '/api/v3/user', headers: { authorization: `Bearer ${token}` } });
    expect((await me()).statusCode).toBe(200);

    await proxy.down();
    expectUnavailable(await signIn());
    expectUnavailable(await me());
    const ready = await app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'down' });
    // The process itself is fine: a balancer must not restart it for the database's sake.
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);

    await proxy.up();
    expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
    expect((await signIn()).statusCode).toBe(200);
  });

  it('cancels a statement past the statement timeout and answers 503', async () => {
    const started = Date.now();
    expectUnavailable(await app.inject({ url: '/api/test/slow-query' }));
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await signIn()).statusCode).toBe(200);
  });

  it('answers 503 within the connect timeout when the network drops, instead of hanging', async () => {
    // The pool's open connections would still work: only new ones meet the dropped network.
    await proxy.blackhole();
    const started = Date.now();
    expectUnavailable(await signIn());
    const ready = await app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(5000);
    await proxy.down();
    await proxy.up();
    expect((await signIn()).statusCode).toBe(200);
  });
});
