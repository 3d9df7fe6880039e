import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { ADDRESS_FAILURES } from './throttle.ts';

/** The address app.inject connects from. */
const SOCKET_ADDRESS = '127.0.0.1';

const failedSignIn = (ctx: TestContext, email: string, forwardedFor: string, from = SOCKET_ADDRESS) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: from,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email, password: 'wrong-password' },
  });

const recordedAddressOf = async (ctx: TestContext, email: string) => {
  const { rows } = await ctx.db.$client.query<{ ip_address: string }>(
    'SELECT ip_address FROM sign_in_attempts WHERE email = $1',
    [email],
  );
  return rows.map((row) => row.ip_address);
};

describe('[AUTH] client address: X-Forwarded-For counts only from configured proxies', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('records the connecting address, not the one a client claims, by default', async () => {
    const response = await failedSignIn(ctx, 'claims@example.com', '1.2.3.4');
    expect(response.statusCode).toBe(401);
    expect(await recordedAddressOf(ctx, 'claims@example.com')).toEqual([SOCKET_ADDRESS]);
  });

  it('keeps blocking an address that rotates X-Forwarded-For', async () => {
    await ctx.db.$client.query(
      `INSERT INTO sign_in_attempts (email, ip_address, succeeded)
       SELECT 'victim' || n || '@example.com', $1, false FROM generate_series(1, $2) AS n`,
      [SOCKET_ADDRESS, ADDRESS_FAILURES],
    );
    for (const forwardedFor of ['203.0.113.7', '198.51.100.23']) {
      const response = await failedSignIn(ctx, `rotating-${forwardedFor}@example.com`, forwardedFor);
      expect(response.statusCode).toBe(429);
      expect(response.json()).toMatchObject({ errorCode: 'RATE_LIMITED' });
    }
  });
});

describe('[AUTH] client address behind one proxy (TRUST_PROXY=1)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => ctx.close());

  it('records the address the proxy forwards', async () => {
    await failedSignIn(ctx, 'proxied@example.com', '1.2.3.4');
    expect(await recordedAddressOf(ctx, 'proxied@example.com')).toEqual(['1.2.3.4']);
  });

  it('trusts only the nearest hop: addresses a client prepends are ignored', async () => {
    await failedSignIn(ctx, 'prepended@example.com', '6.6.6.6, 1.2.3.4');
    expect(await recordedAddressOf(ctx, 'prepended@example.com')).toEqual(['1.2.3.4']);
  });
});

describe('[AUTH] client address behind listed proxies (TRUST_PROXY=10.0.0.0/8)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8' } });
  });
  afterAll(() => ctx.close());

  it('records the forwarded address only when a listed proxy connects', async () => {
    await failedSignIn(ctx, 'listed@example.com', '1.2.3.4', '10.1.2.3');
    await failedSignIn(ctx, 'unlisted@example.com', '1.2.3.4', SOCKET_ADDRESS);
    expect(await recordedAddressOf(ctx, 'listed@example.com')).toEqual(['1.2.3.4']);
    expect(await recordedAddressOf(ctx, 'unlisted@example.com')).toEqual([SOCKET_ADDRESS]);
  });
});
