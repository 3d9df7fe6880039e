import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';

describe('[AUTH] sign-in answers carry tokens and one-time links: no cache may keep them', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { USE_AUTH_SERVICE: '1' } });
  });
  afterAll(() => ctx.close());

  it('sends Cache-Control: no-store on sign-in, second factor and refresh', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'user@example.com', password: 'demo-password' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');

    const cookie = login.cookies.find((c) => c.name === 'hub_session')!;
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { [cookie.name]: cookie.value },
    });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.headers['cache-control']).toBe('no-store');

    const mfa = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/mfa/verify',
      payload: { challengeId: '00000000-0000-4000-8000-000000000000', code: '123456' },
    });
    expect(mfa.statusCode).toBeGreaterThanOrEqual(400);
    expect(mfa.headers['cache-control']).toBe('no-store');
  });

  it('sends Cache-Control: no-store on invitation links and e-mail-change confirmations', async () => {
    const invited = await ctx.app.inject({
      method: 'POST',
      url: '/api/administration/invite-email',
      headers: { authorization: `Bearer ${await ctx.tokenFor('admin@example.com')}` },
      payload: {
        email: 'cached.person@example.se',
        firstName: 'Cecilia',
        lastName: 'Cache',
        customerId: await ctx.customerId('Mälardalens Vatten AB'),
        language: 'en-SE',
      },
    });
    expect(invited.statusCode).toBe(200);
    const link = new URL(/https?:\/\/\S+/.exec((await ctx.lastMailTo('cached.person@example.se'))!.text)![0]);
    const token = link.searchParams.get('token')!;

    const info = await ctx.app.inject({ url: `/api/auth/invitations/${token}` });
    expect(info.statusCode).toBe(200);
    expect(info.headers['cache-control']).toBe('no-store');
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/invitations/accept',
      payload: { token, password: 'Vattentorn-Mälaren-42' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.headers['cache-control']).toBe('no-store');

    const confirm = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/email-change/confirm',
      payload: { token: 'x'.repeat(43) },
    });
    expect(confirm.statusCode).toBe(410);
    expect(confirm.headers['cache-control']).toBe('no-store');
  });
});
