import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createDatabase } from '../../db/client.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';

describe('[SYSTEM] health, readiness and runtime configuration', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      env: {
        USE_AUTH_SERVICE: '1',
        EXTERNAL_URL_WOD: 'https://wod.example.com/',
        TAG_MANAGER: 'test',
        TAG_MANAGER_PRODUCTION_URL: 'https://tags.example.com/gtm.js?id=PROD',
        TAG_MANAGER_TEST_URL: 'https://tags.example.com/gtm.js?id=TEST',
      },
    });
  });
  afterAll(() => ctx.close());

  it('answers health without a database round trip', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('is ready when the database answers', async () => {
    const response = await ctx.app.inject({ url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: 'up' });
  });

  it('is not ready (503) when the database cannot be reached', async () => {
    const unreachable = createDatabase('postgres://nobody:wrong@127.0.0.1:1/none', { max: 1 });
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', RUN_JOBS: '0' }),
      db: unreachable,
      logger: false,
    });
    try {
      const response = await app.inject({ url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', database: 'down' });
    } finally {
      await app.close();
      await unreachable.$client.end();
    }
  });

  it('serves the runtime configuration from the environment', async () => {
    const response = await ctx.app.inject({ url: '/api/config' });
    expect(response.statusCode).toBe(200);
    const config = response.json();
    expect(config).toMatchObject({
      appName: 'Service Hub',
      environment: 'Test',
      useAuthService: 1,
      externalServices: { WOD: 'https://wod.example.com/' },
      tagManager: 'test',
      tagManagerScript: 'https://tags.example.com/gtm.js?id=TEST',
      sessionIdleMinutes: 30,
      publicUrl: ctx.config.publicUrl,
    });
    expect(typeof config.buildId).toBe('string');
  });

  it('lets the page load the selected tag-manager script and nothing else from outside', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://tags.example.com");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('has no development outbox in production: it would show sign-in codes and invitation links', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const response = await production.app.inject({ url: '/api/dev/outbox' });
      expect(response.statusCode).toBe(404);
      expect(response.json().errorCode).toBe('NOT_FOUND');
    } finally {
      await production.close();
    }
  });

  it('shows the development outbox to provider administrators only, never to anonymous callers', async () => {
    const outbox = (token?: string) =>
      ctx.app.inject({
        url: '/api/dev/outbox',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const anonymous = await outbox();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('mails');
    expect((await outbox(await ctx.tokenFor('admin@example.com'))).statusCode).toBe(403);
    expect((await outbox(await ctx.tokenFor('user@example.com'))).statusCode).toBe(403);
    const admin = await outbox(await ctx.tokenFor('sfadmin@example.com'));
    expect(admin.statusCode).toBe(200);
    expect(Array.isArray(admin.json().mails)).toBe(true);
  });

  it('opens the outbox to anonymous callers only when HUB_DEV_OUTBOX=open on a loopback listener', async () => {
    for (const [env, status] of [
      [{ HUB_DEV_OUTBOX: 'open', HOST: '127.0.0.1' }, 200],
      [{ HUB_DEV_OUTBOX: 'open', HOST: '0.0.0.0' }, 401],
      [{ HUB_DEV_OUTBOX: 'open', HOST: '192.168.1.20' }, 401],
    ] as const) {
      const other = await createTestApp({ env });
      try {
        expect((await other.app.inject({ url: '/api/dev/outbox' })).statusCode, JSON.stringify(env)).toBe(
          status,
        );
      } finally {
        await other.close();
      }
    }
  });
});
