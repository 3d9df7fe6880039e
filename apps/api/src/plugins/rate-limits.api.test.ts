import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/client.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectTooManyRequests, type TestContext } from '../../test/helpers.ts';
import type { RateLimitCategory } from './rate-limits.ts';

const LIMITS = {
  RATE_LIMIT_SIGN_IN: '3',
  RATE_LIMIT_MFA: '3',
  RATE_LIMIT_INVITATIONS: '2',
  RATE_LIMIT_EMAIL_CHANGE: '2',
  RATE_LIMIT_WRITES: '4',
};

describe('[RATE LIMITS] sign-in, second factor, invitations, e-mail change and every write, counted in PostgreSQL', () => {
  let ctx: TestContext;
  let second: FastifyInstance;
  let secondDb: ReturnType<typeof createDatabase>;

  beforeAll(async () => {
    ctx = await createTestApp({ env: LIMITS });
    // A second API instance on the same database: the limits are the database's, not the process's.
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
  });
  afterAll(async () => {
    await second.close();
    await secondDb.$client.end();
    await ctx.close();
  });

  /** A refusal of the limit of `category`: 429 RATE_LIMITED, Retry-After within its window. */
  const expectRateLimited = (
    response: Parameters<typeof expectTooManyRequests>[0],
    category: RateLimitCategory,
  ) => expectTooManyRequests(response, 'RATE_LIMITED', ctx.config.rateLimits[category].windowMs / 1000);

  const signIn = (app: FastifyInstance, email: string, password = 'wrong-password', ip = '203.0.113.10') =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

  it('refuses the fourth sign-in of one address and e-mail with 429 and Retry-After, across two instances', async () => {
    const email = 'nobody-rate@example.com';
    expect((await signIn(ctx.app, email)).statusCode).toBe(401);
    expect((await signIn(second, email)).statusCode).toBe(401);
    expect((await signIn(ctx.app, email)).statusCode).toBe(401);
    const refused = await signIn(second, email);
    expect(expectRateLimited(refused, 'signIn')).toBeGreaterThan(15 * 60 - 60);
    // The error names nothing of the input.
    expect(refused.body).not.toContain('nobody-rate');
    // Retry-After is the time left of the window in PostgreSQL, not a fixed guess.
    await ctx.db.$client.query(
      `UPDATE rate_limits SET expires_at = now() + interval '42 seconds' WHERE key = $1`,
      [`signIn:203.0.113.10:${email}`],
    );
    const later = await signIn(ctx.app, email);
    expect(expectRateLimited(later, 'signIn')).toBeGreaterThanOrEqual(40);
    expect(Number(later.headers['retry-after'])).toBeLessThanOrEqual(42);
  });

  it("refuses the built-in identity provider's password step past the sign-in limit with 429 and Retry-After", async () => {
    const submit = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/idp/interaction/no-such-interaction/login',
        payload: { email: 'idp-rate@example.com', password: 'wrong-password' },
        remoteAddress: '203.0.113.40',
      });
    // Counted before the interaction is looked at: this one has expired (410), the fourth is refused.
    for (const app of [ctx.app, second, ctx.app]) expect((await submit(app)).statusCode).toBe(410);
    expectRateLimited(await submit(second), 'signIn');
  });

  it('counts sign-ins per client address and e-mail: another address or another e-mail is not held up', async () => {
    const email = 'other-rate@example.com';
    for (let i = 0; i < 3; i++) await signIn(ctx.app, email, 'wrong', '203.0.113.20');
    expectRateLimited(await signIn(ctx.app, email, 'wrong', '203.0.113.20'), 'signIn');
    expect((await signIn(ctx.app, email, 'wrong', '203.0.113.21')).statusCode).toBe(401);
    expect((await signIn(ctx.app, 'third-rate@example.com', 'wrong', '203.0.113.20')).statusCode).toBe(401);
  });

  it("limits second-factor codes per client address, the own service's and the identity provider's together", async () => {
    const verify = (app: FastifyInstance, url = '/api/auth/mfa/verify') =>
      app.inject({
        method: 'POST',
        url,
        payload: { challengeId: '00000000-0000-4000-8000-000000000000', code: '123456' },
        remoteAddress: '203.0.113.30',
      });
    const atProvider = '/idp/interaction/no-such-interaction/mfa';
    expect((await verify(ctx.app)).statusCode).toBe(401);
    expect((await verify(second, atProvider)).statusCode).toBe(410);
    expect((await verify(ctx.app)).statusCode).toBe(401);
    expectRateLimited(await verify(second, atProvider), 'mfa');
    expectRateLimited(await verify(ctx.app), 'mfa');
  });

  it('limits writes per user across instances, and leaves reads alone', async () => {
    const token = await ctx.tokenFor('user@example.com');
    const clear = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/notifications/clear-new',
        headers: { authorization: `Bearer ${token}` },
      });
    for (const app of [ctx.app, second, ctx.app, second]) expect((await clear(app)).statusCode).toBe(204);
    expectRateLimited(await clear(ctx.app), 'write');
    const read = await ctx.app.inject({
      url: '/api/notifications',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(read.statusCode).toBe(200);
    // Another user has a budget of their own.
    const admin = await ctx.tokenFor('admin@example.com');
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/clear-new',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(other.statusCode).toBe(204);
  });

  it('limits invitations per administrator', async () => {
    const token = await ctx.tokenFor('sfadmin@example.com');
    const customerId = await ctx.customerId('Mälardalens Vatten AB');
    const invite = (n: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/administration/invite-email',
        headers: { authorization: `Bearer ${token}` },
        payload: { email: `rate-${n}@example.com`, firstName: 'Rate', lastName: 'Limit', customerId },
      });
    expect((await invite(1)).statusCode).toBeLessThan(300);
    expect((await invite(2)).statusCode).toBeLessThan(300);
    expectRateLimited(await invite(3), 'invitation');
    const { rows } = await ctx.db.$client.query(
      "SELECT 1 FROM email_outbox WHERE to_address = 'rate-3@example.com'",
    );
    expect(rows).toEqual([]);
  });

  it('limits e-mail change requests per user', async () => {
    const token = await ctx.tokenFor('admin@example.com');
    const userId = await ctx.userId('admin@example.com');
    const change = (n: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/administration/update-email',
        headers: { authorization: `Bearer ${token}` },
        payload: { userId, email: `admin-rate-${n}@example.com` },
      });
    expect((await change(1)).statusCode).not.toBe(429);
    expect((await change(2)).statusCode).not.toBe(429);
    expectRateLimited(await change(3), 'emailChange');
  });
});
