import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers.ts';
import { InjectBrowser, signInAtProvider } from '../../test/inject-browser.ts';

const PUBLIC_URL = 'https://hub.example.com';

describe('[LOG] the request log holds no passwords, tokens, codes or link secrets', () => {
  let ctx: TestContext;
  const log: string[] = [];
  beforeAll(async () => {
    ctx = await createTestApp({
      env: { PUBLIC_URL, LOG_LEVEL: 'trace' },
      logStream: { write: (line: string) => void log.push(line) },
    });
  });
  afterAll(() => ctx.close());

  it('after own sign-in, refresh, invitation, single sign-on and sign-out, none of their secrets is in the log', async () => {
    const secrets: Record<string, string> = {};
    const cookieOf = (response: { cookies: { name: string; value: string }[] }) =>
      response.cookies.find((c) => c.name === 'hub_session')!.value;

    // The own auth service: password, access token, rotating refresh cookie.
    secrets.password = 'demo-password';
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@example.com', password: secrets.password },
    });
    secrets.accessToken = login.json<{ token: string }>().token;
    secrets.refreshCookie = cookieOf(login);
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { hub_session: secrets.refreshCookie },
    });
    secrets.rotatedCookie = cookieOf(refreshed);
    await ctx.app.inject({ url: `/auth/callback?token=${secrets.accessToken}` });
    secrets.malformedPassword = 'hunter2-in-broken-json';
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"user@example.com","password":"${secrets.malformedPassword}"`,
    });

    // An invitation: the link's token, in the API path and the page's query.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/administration/invite-email',
      headers: { authorization: `Bearer ${secrets.accessToken}` },
      payload: {
        email: 'logged.person@example.se',
        firstName: 'Lova',
        lastName: 'Logg',
        customerId: await ctx.customerId('Mälardalens Vatten AB'),
        language: 'sv',
      },
    });
    const link = new URL(/https?:\/\/\S+/.exec((await ctx.lastMailTo('logged.person@example.se'))!.text)![0]);
    secrets.invitationToken = link.searchParams.get('token')!;
    await ctx.app.inject({ url: `${link.pathname}${link.search}` });
    await ctx.app.inject({ url: `/api/auth/invitations/${secrets.invitationToken}` });
    secrets.newPassword = 'Loggbok-Mälaren-2024';
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/invitations/accept',
      payload: { token: secrets.invitationToken, password: secrets.newPassword },
    });
    expect(accepted.statusCode).toBe(200);

    // Single sign-on at the built-in provider: code, PKCE verifier, tokens, then sign-out.
    const browser = new InjectBrowser(ctx.app);
    const signIn = await signInAtProvider(browser, {
      publicUrl: PUBLIC_URL,
      email: 'logged.person@example.se',
      password: secrets.newPassword,
    });
    secrets.code = signIn.code;
    secrets.verifier = signIn.verifier;
    secrets.idToken = signIn.tokens.id_token;
    secrets.providerAccessToken = signIn.tokens.access_token;
    secrets.providerRefreshToken = signIn.tokens.refresh_token!;
    await browser.request({ url: `${signIn.callback.pathname}${signIn.callback.search}` });
    await ctx.app.inject({
      method: 'POST',
      url: '/idp/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: secrets.providerRefreshToken,
        client_id: 'service-hub-web',
      }).toString(),
    });
    const signOut = await browser.request({
      url: `/idp/session/end?${new URLSearchParams({
        id_token_hint: secrets.idToken,
        post_logout_redirect_uri: `${PUBLIC_URL}/`,
      })}`,
    });
    expect(signOut.statusCode).toBe(200);

    const text = log.join('');
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThan(8);
      expect(text.includes(secret), `${name} is in the log`).toBe(false);
    }
    // The requests were logged, only without their secrets.
    expect(text).toContain('"url":"/api/auth/invitations/REDACTED"');
    expect(text).toContain('"url":"/auth/callback?code=REDACTED');
    expect(text).toContain('"url":"/idp/session/end?id_token_hint=REDACTED');
  });
});
