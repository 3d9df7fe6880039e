import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';

describe('[AUTH] sign out everywhere', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const signIn = async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'user@example.com', password: 'demo-password' },
    });
    const cookie = response.cookies.find((c) => c.name === 'hub_session')!;
    return { token: response.json<{ token: string }>().token, cookie: `${cookie.name}=${cookie.value}` };
  };
  const me = (token: string) =>
    ctx.app.inject({ url: '/api/v3/user', headers: { authorization: `Bearer ${token}` } });
  const refresh = (cookie: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie } });

  it('ends every session of the user on every device, this one included, and clears the cookie', async () => {
    const laptop = await signIn();
    const phone = await signIn();
    const colleague = await ctx.tokenFor('admin@example.com');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out-everywhere',
      headers: { authorization: `Bearer ${phone.token}`, cookie: phone.cookie },
    });
    expect(response.statusCode).toBe(204);
    expect(response.cookies.find((c) => c.name === 'hub_session')?.value).toBe('');
    for (const device of [laptop, phone]) {
      expect((await me(device.token)).statusCode).toBe(401);
      expect((await refresh(device.cookie)).statusCode).toBe(401);
    }
    expect((await me(colleague)).statusCode).toBe(200);
    const { rows } = await ctx.db.$client.query(
      "SELECT action FROM audit_log WHERE action = 'sessions.ended-everywhere' AND actor_email = 'user@example.com'",
    );
    expect(rows).toHaveLength(1);
  });

  it('refuses anonymous callers', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out-everywhere' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, errorCode: 'UNAUTHENTICATED' });
  });
});
