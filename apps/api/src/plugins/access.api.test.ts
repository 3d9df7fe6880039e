import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/client.ts';
import { createTestApp, type TestContext } from '../../test/helpers.ts';

describe('[ACCESS] every route declares who may call it', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      configure: (app) => {
        app.get('/api/test/provider-only', { config: { access: { roles: ['SF_ADMIN'] } } }, async () => ({
          ok: true,
        }));
      },
    });
  });
  afterAll(() => ctx.close());

  it('refuses to start when a route has no access rule', async () => {
    const db = createDatabase('postgres://unused@127.0.0.1:1/none', { max: 1 });
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', RUN_JOBS: '0' }),
      db,
      logger: false,
    });
    expect(() => app.get('/api/test/unguarded', async () => 'oops')).toThrow(/declares no access rule/);
    await app.close();
    await db.$client.end();
  });

  it('lets a role-restricted route through only for that role', async () => {
    const call = async (email: string) =>
      ctx.app.inject({
        url: '/api/test/provider-only',
        headers: { authorization: `Bearer ${await ctx.tokenFor(email)}` },
      });
    expect((await call('sfadmin@example.com')).statusCode).toBe(200);
    const denied = await call('admin@example.com');
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ errorCode: 'FORBIDDEN', requestId: expect.any(String) });
  });

  it('checks authentication before validating input, so anonymous callers learn nothing', async () => {
    const response = await ctx.app.inject({ url: '/api/test/provider-only' });
    expect(response.statusCode).toBe(401);
  });
});
