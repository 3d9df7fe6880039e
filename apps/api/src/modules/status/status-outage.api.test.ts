import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STATUS_CACHE_SECONDS, ZPublicStatus, type TPublicStatus } from '@service-hub/contracts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createDatabase, type Database } from '../../db/client.ts';
import { DEMO_PASSWORD } from '../../seed/demo-accounts.ts';
import { createTestDatabase } from '../../../test/helpers.ts';
import { startTcpProxy, type TcpProxy } from '../../../test/tcp-proxy.ts';

/**
 * The status page when PostgreSQL is away: the API still answers, says which parts are down or
 * cannot be measured, and keeps showing the incident administrators opened before. The pool
 * reaches the database through a proxy the test cuts (as plugins/database-outage.api.test.ts).
 */
describe('[STATUS] the public status while PostgreSQL is unreachable', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: TcpProxy;
  let db: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = await startTcpProxy(database.url);
    db = createDatabase(proxy.url, { max: 5, connectTimeoutMs: 1000, statementTimeoutMs: 1000 });
    app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', RUN_JOBS: '0' }), db, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.$client.end();
    await proxy.close();
    await database.drop();
  });

  const status = async () => {
    const response = await app.inject({ url: '/api/status' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=15');
    return ZPublicStatus.strict().parse(response.json()) as TPublicStatus;
  };
  const states = (answer: TPublicStatus) => Object.fromEntries(answer.components.map((c) => [c.id, c.state]));

  /** Opens an incident as a provider administrator; the write also makes the next status fresh. */
  async function openIncident(title: string) {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'sfadmin@example.com', password: DEMO_PASSWORD },
    });
    const { token } = login.json<{ token: string }>();
    const created = await app.inject({
      method: 'POST',
      url: '/api/status-notices',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        kind: 'incident',
        title: { 'en-SE': title },
        message: { 'en-SE': 'Looking into it.' },
        components: ['tracking'],
        impact: 'minor',
      },
    });
    expect(created.statusCode).toBe(201);
    return created.json<{ id: string }>().id;
  }

  /** Moves the clock past the status interval, so the next answer is computed afresh. */
  const afterInterval = () => vi.setSystemTime(Date.now() + (STATUS_CACHE_SECONDS + 1) * 1000);

  it('answers with sign-in and the API down and the rest unknown, keeping the open incident', async () => {
    const id = await openIncident('Tracking files delayed');
    const before = await status();
    expect(states(before)).toMatchObject({ api: 'operational', signIn: 'operational', tracking: 'degraded' });

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await proxy.down();
      afterInterval();
      const response = await app.inject({ url: '/api/status' });
      const down = ZPublicStatus.strict().parse(response.json());
      expect(states(down)).toEqual({
        signIn: 'outage',
        api: 'outage',
        // The incident an administrator opened still shows; the rest cannot be measured.
        tracking: 'degraded',
        reports: 'unknown',
        email: 'unknown',
        ediTracking: 'unknown',
      });
      // The notices read before stay: an open incident matters most exactly now.
      expect(down.notices.map((n) => n.id)).toEqual([id]);
      expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres|error/i);

      // Connections accepted but never answered: the answer still comes, bounded.
      await proxy.blackhole();
      afterInterval();
      const hanging = states(await status());
      expect(['outage', 'degraded']).toContain(hanging.api);
      expect(hanging.reports).toBe('unknown');

      await proxy.up();
      afterInterval();
      expect(states(await status())).toMatchObject({ api: 'operational', signIn: 'operational' });
    } finally {
      vi.useRealTimers();
    }
  });
});
